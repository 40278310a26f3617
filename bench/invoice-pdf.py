#!/usr/bin/env python3
"""Writes a two-page Czech invoice PDF (Helvetica text, no images) to stdout, for bench/invoices.

Czech letters outside WinAnsi get codes 1-14 through the font encoding's /Differences, by
glyph name, so a PDF reader extracts them as Unicode."""
import sys

EXTRA = "čďěňřťůČĎĚŇŘŤŮ"
GLYPHS = ["ccaron", "dcaron", "ecaron", "ncaron", "rcaron", "tcaron", "uring",
          "Ccaron", "Dcaron", "Ecaron", "Ncaron", "Rcaron", "Tcaron", "Uring"]

LINES = [
    "FAKTURA – DAŇOVÝ DOKLAD č. 2026-0042",
    "Dodavatel: Jan Dvořák, Květná 12, 602 00 Brno",
    "IČO: 25596641",
    "Odběratel: Bench a.s.",
    "Bankovní účet: 19-2000145399/0800",
    "Variabilní symbol: 20260042",
    "Datum vystavení: 1. 11. 2026",
] + [f"Položka {n}: vývoj software, {n * 3} h × 950,00 Kč" for n in range(1, 25)] + [
    "Celkem k úhradě: 84 700,00 Kč",
]


def encode(text):
    codes = bytearray()
    for ch in text:
        if ch in EXTRA:
            codes.append(EXTRA.index(ch) + 1)
        else:
            codes += ch.encode("cp1252", errors="replace")
    return "<" + codes.hex().upper() + ">"


def text_page(lines):
    ops = []
    for index, line in enumerate(lines):
        ops.append(f"BT /F1 11 Tf 50 {790 - index * 16} Td {encode(line)} Tj ET")
    return "\n".join(ops)


pages = [text_page(LINES), text_page(["Přílohy: výkaz hodin", "Strana 2 / 2"])]
objects = ["<< /Type /Catalog /Pages 2 0 R >>", None,
           "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
           "/BaseEncoding /WinAnsiEncoding /Differences [1 " + " ".join("/" + g for g in GLYPHS) + "] >> >>"]
kids = []
for content in pages:
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
sys.stdout.buffer.write(out)
