#!/usr/bin/env python3
"""Writes a two-page invoice PDF (Helvetica text, no images) to stdout, for bench/invoices."""
import sys

LINES = [
    "FAKTURA - DANOVY DOKLAD c. 2026-0042",
    "Dodavatel: Jan Dvorak, Kvetna 12, 602 00 Brno",
    "ICO: 25596641",
    "Odberatel: Bench a.s.",
    "Bankovni ucet: 19-2000145399/0800",
    "Variabilni symbol: 20260042",
    "Datum vystaveni: 1. 11. 2026",
] + [f"Polozka {n}: vyvoj software, {n * 3} h x 950,00 Kc" for n in range(1, 25)] + [
    "Celkem k uhrade: 84 700,00 Kc",
]


def text_page(lines):
    ops = []
    for index, line in enumerate(lines):
        escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        ops.append(f"BT /F1 11 Tf 50 {790 - index * 16} Td ({escaped}) Tj ET")
    return "\n".join(ops)


pages = [text_page(LINES), text_page(["Prilohy: vykaz hodin", "Strana 2 / 2"])]
objects = ["<< /Type /Catalog /Pages 2 0 R >>", None,
           "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
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
