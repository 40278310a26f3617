"""The history the journeys start from, made through Roster's own pages: the admin connects the
identity provider; Petr and Eva upload invoices for earlier months, and the admin approves one
month of them. Every journey uses months of its own, so the journeys do not depend on each
other's order."""
from dataclasses import dataclass, replace

from world import EVA, JANA, PETR, Month, expected_minor, write_invoice


@dataclass(frozen=True)
class Invoices:
    last_month: Month        # the team leader and the employee upload this one in their journeys
    to_review: Month         # Eva's matches the expected amount, Petr's does not
    eva_missing: Month       # Petr's is there, Eva's is not
    to_pay: Month            # both approved, waiting for payment
    last_year: Month         # Petr's invoice of a month of last year, with his bank account
    petr_overcharge_minor: int
    eva_matching_minor: int


def months():
    current = Month.current()
    return dict(last_month=current.minus(1), to_review=current.minus(2), eva_missing=current.minus(3),
                to_pay=current.minus(4), last_year=Month(current.year - 1, 6))


def upload(browser, month, path):
    """Uploads a PDF for a month from the person's own upload page."""
    browser.open(f"/t/acme/invoices/upload?month={month.iso}")
    browser.choose("Month", month.english)
    browser.attach("Invoice PDF", path)
    browser.press("Upload")
    browser.sees("Submitted")


def connect_identity_provider(seeding):
    """The admin connects the OpenID provider that the sign-in tests use too."""
    admin = seeding.browser("admin (set-up)")
    seeding.sign_in_with_link(admin, JANA)
    admin.open("/t/acme/admin/sign-in")
    admin.fill("Issuer URL", seeding.roster.issuer)
    admin.fill("Client ID", "roster-acme")
    admin.fill("Client secret", "journey-secret")
    admin.fill("Name on the sign-in button", "Acme Workspace")
    admin.press("Save")
    admin.sees("The identity provider is connected")


def seed_invoices(seeding, directory):
    # The months are taken once: set-up that crosses midnight at a month's end stays consistent.
    at = Invoices(**months(), petr_overcharge_minor=0, eva_matching_minor=0)
    admin = seeding.browser("admin (set-up)")
    seeding.sign_in_with_link(admin, JANA)

    overcharge = expected_minor(PETR, at.to_review) + 8_000_00
    matching = expected_minor(EVA, at.to_review)
    petr = seeding.browser("Petr (set-up)")
    seeding.sign_in_with_link(petr, PETR)
    upload(petr, at.last_year, write_invoice(directory, PETR, at.last_year, expected_minor(PETR, at.last_year),
                                             number=f"{at.last_year.year}-0006"))
    upload(petr, at.to_review, write_invoice(directory, PETR, at.to_review, overcharge,
                                             number=f"{at.to_review.year}-0{at.to_review.month:02d}1"))
    upload(petr, at.eva_missing, write_invoice(directory, PETR, at.eva_missing, expected_minor(PETR, at.eva_missing),
                                               number=f"{at.eva_missing.year}-0{at.eva_missing.month:02d}1"))
    upload(petr, at.to_pay, write_invoice(directory, PETR, at.to_pay, expected_minor(PETR, at.to_pay),
                                          number=f"{at.to_pay.year}-0{at.to_pay.month:02d}1"))

    eva = seeding.browser("Eva (set-up)")
    seeding.sign_in_with_link(eva, EVA)
    upload(eva, at.to_review, write_invoice(directory, EVA, at.to_review, matching,
                                            number=f"E{at.to_review.year}{at.to_review.month:02d}"))
    upload(eva, at.to_pay, write_invoice(directory, EVA, at.to_pay, expected_minor(EVA, at.to_pay),
                                         number=f"E{at.to_pay.year}{at.to_pay.month:02d}"))

    # The admin approves the month to pay: both rows start selected on the desk.
    admin.open(f"/t/acme/review/desk?month={at.to_pay.iso}&state=submitted")
    admin.tick("Petr Svoboda")
    admin.tick("Eva Dvořáková")
    admin.tick("Approve")
    admin.press("Apply to selected")
    admin.sees("2 approved")
    return replace(at, petr_overcharge_minor=overcharge, eva_matching_minor=matching)
