#!/usr/bin/env python3
"""Czech invoice PDFs (Helvetica text, no images) for the benchmarks and the browser journeys.

Czech letters outside WinAnsi get codes 1-14 through the font encoding's /Differences, by
glyph name, so a PDF reader extracts them as Unicode.

As a command it writes the benchmark's two-page invoice to stdout; the journeys import
`invoice_pdf` and make one per person and month."""
import sys

EXTRA = "čďěňřťůČĎĚŇŘŤŮ"
GLYPHS = ["ccaron", "dcaron", "ecaron", "ncaron", "rcaron", "tcaron", "uring",
          "Ccaron", "Dcaron", "Ecaron", "Ncaron", "Rcaron", "Tcaron", "Uring"]


def czech_amount(minor):
    """72000_00 -> '72 000,00 Kč'."""
    crowns, hellers = divmod(minor, 100)
    grouped = f"{crowns:,}".replace(",", " ")
    return f"{grouped},{hellers:02d} Kč"


def invoice_lines(number, supplier, ico, account, variable_symbol, issued, total_minor, items=(),
                  customer="Acme s.r.o."):
    """The first page of an invoice: header, parties, payment details, items, total to pay."""
    return [
        f"FAKTURA – DAŇOVÝ DOKLAD č. {number}",
        f"Dodavatel: {supplier}",
        f"IČO: {ico}",
        f"Odběratel: {customer}",
        f"Bankovní účet: {account}",
        f"Variabilní symbol: {variable_symbol}",
        f"Datum vystavení: {issued}",
        *items,
        f"Celkem k úhradě: {czech_amount(total_minor)}",
    ]


def _encode(text):
    codes = bytearray()
    for ch in text:
        if ch in EXTRA:
            codes.append(EXTRA.index(ch) + 1)
        else:
            codes += ch.encode("cp1252", errors="replace")
    return "<" + codes.hex().upper() + ">"


def _text_page(lines):
    return "\n".join(f"BT /F1 11 Tf 50 {790 - index * 16} Td {_encode(line)} Tj ET"
                     for index, line in enumerate(lines))


def invoice_pdf(pages):
    """A PDF whose pages hold the given lists of text lines."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None,
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
               "/BaseEncoding /WinAnsiEncoding /Differences [1 " + " ".join("/" + g for g in GLYPHS) + "] >> >>"]
    kids = []
    for lines in pages:
        content = _text_page(lines)
        number = len(objects) + 1
        kids.append(number)
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
                       f"/Resources << /Font << /F1 3 0 R >> >> /Contents {number + 1} 0 R >>")
        objects.append(f"<< /Length {len(content)} >>\nstream\n{content}\nendstream")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"

    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def bench_invoice():
    """The benchmark's invoice: 24 items on the first page, attachments on the second."""
    first = invoice_lines(
        number="2026-0042", supplier="Jan Dvořák, Květná 12, 602 00 Brno", ico="25596641",
        account="19-2000145399/0800", variable_symbol="20260042", issued="1. 11. 2026", total_minor=84_700_00, customer="Bench a.s.",
        items=[f"Položka {n}: vývoj software, {n * 3} h × 950,00 Kč" for n in range(1, 25)])
    return invoice_pdf([first, ["Přílohy: výkaz hodin", "Strana 2 / 2"]])


if __name__ == "__main__":
    sys.stdout.buffer.write(bench_invoice())
