"""Petr Svoboda leads the development team and invoices the company every month (IČO)."""
from selenium.webdriver.common.by import By

from world import EVA, PETR, czk, expected_minor, write_invoice


def test_team_leader_signs_in_with_an_emailed_link(journey):
    petr = journey.browser("Petr")
    petr.open("/t/acme/login")
    petr.fill("Work e-mail", PETR.email)
    petr.press("E-mail me a sign-in link")
    petr.sees("Check your e-mail")
    # The mail arrives in Petr's mailbox (the test SMTP server); he opens its link.
    petr.open(journey.roster.mailed_sign_in_link(PETR))
    petr.sees("This link signs in")
    petr.sees(PETR.name)
    petr.press("Sign in")
    petr.sees(PETR.name.split()[0])
    assert petr.path == "/t/acme/"
    petr.press("Sign out")
    petr.sees("Sign in")
    journey.finish(petr)


def test_team_leader_signs_in_with_the_company_account(journey, identity_provider):
    journey.roster.tell_provider(PETR)
    petr = journey.browser("Petr")
    petr.open("/t/acme/login")
    petr.press("Sign in with Acme Workspace")
    # The provider's own page: who is signing in there.
    petr.driver.find_element(By.NAME, "sub").send_keys(PETR.sub)
    petr.press("Authorize")
    assert petr.path == "/t/acme/", petr.url
    petr.sees(PETR.name.split()[0])
    journey.finish(petr)


def test_team_leader_month(journey, invoices, tmp_path):
    petr = journey.browser("Petr")
    journey.sign_in_with_link(petr, PETR)
    month = invoices.last_month

    # Uploads last month's invoice from a PDF and sees it submitted with the amount read from it.
    petr.menu("My invoices")
    petr.follow("Upload invoice", within=petr.row(month.english))
    petr.choose("Month", month.english)
    first = expected_minor(PETR, month) - 1_000_00
    petr.attach("Invoice PDF", write_invoice(tmp_path, PETR, month, first, number=f"{month.year}-0{month.month:02d}1"))
    petr.press("Upload")
    petr.sees("Submitted")
    assert czk(first) in petr.fact("Total to pay"), petr.fact("Total to pay")

    # Finds the bank account on the invoice of a month of last year.
    petr.menu("My invoices")
    while not any(invoices.last_year.english in row.text for row in petr.rows()):
        petr.follow("Older months →")
    petr.follow(invoices.last_year.english, within=petr.row(invoices.last_year.english))
    assert petr.fact("Bank account") == PETR.account, petr.fact("Bank account")

    # Replaces last month's invoice with a corrected PDF: the new total, the old file kept.
    petr.menu("My invoices")
    petr.follow(month.english, within=petr.row(month.english))
    petr.follow("Replace file")
    corrected = expected_minor(PETR, month)
    petr.attach("Invoice PDF", write_invoice(tmp_path, PETR, month, corrected, number=f"{month.year}-0{month.month:02d}2"))
    petr.press("Upload")
    petr.sees("File replaced")
    assert czk(corrected) in petr.fact("Total to pay"), petr.fact("Total to pay")
    petr.sees("Version 2")
    petr.sees("Version 1")

    # Finds his own current hourly rate.
    petr.menu("My earnings")
    current = petr.fact("In effect today")
    assert f"CZK {czk(PETR.rate_czk * 100)} / h" in current, current

    # Finds the phone number of a member of his team.
    petr.menu("My team")
    member = petr.row("Dvořáková Eva").text
    assert EVA.phone in member, member

    # Checks his own phone number on his profile.
    petr.menu("My profile")
    petr.sees(PETR.phone)
    journey.finish(petr)
