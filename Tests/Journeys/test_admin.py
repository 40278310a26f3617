"""Jana Nováková runs the office: she closes the month's invoices and keeps people's rates."""
import datetime
import re
from decimal import Decimal

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from world import EVA, JANA, PETR, Month, czk

RETURN_REASON = "The amount is 8,000 CZK more than the hours of the month."


def invoices_tab(jana, tab, month):
    """Invoices → a tab → a month, as the admin picks them."""
    jana.menu("Invoices")
    jana.follow(tab, within=jana.driver.find_element(By.CSS_SELECTOR, "nav.tabs"))
    jana.fill_month("Month", month.year, month.month)
    jana.press("Show")


def test_admin_month_end(journey, invoices):
    jana = journey.browser("Jana")
    journey.sign_in_with_link(jana, JANA)

    # Reviews two submitted invoices: approves the one that matches, returns the other.
    month = invoices.to_review
    invoices_tab(jana, "To review", month)
    jana.sees(f"Month-end review: {month.english}")
    eva_row, petr_row = jana.row(EVA.name), jana.row(PETR.name)
    assert czk(invoices.eva_matching_minor) in eva_row.text and "Amount differs" not in eva_row.text, eva_row.text
    assert czk(invoices.petr_overcharge_minor) in petr_row.text and "Amount differs" in petr_row.text, petr_row.text
    # The keyboard: j goes to the first row, o opens its PDF (the address is recorded instead of
    # opening a window).
    jana.driver.execute_script("window.__opened = []; window.open = function (url) { window.__opened.push(String(url)); return null; };")
    ActionChains(jana.driver).send_keys("j").send_keys("o").perform()
    opened = jana.driver.execute_script("return window.__opened;")
    pdf = jana.driver.find_element(By.CSS_SELECTOR, "#desk tbody tr a.thumb-link").get_attribute("href")
    assert opened == [pdf] and "/documents/" in pdf, (opened, pdf)
    jana.tick(EVA.name)
    jana.untick(PETR.name)
    jana.tick("Approve")
    jana.press("Apply to selected")
    jana.sees("Approved")
    jana.follow("Back to the desk")
    jana.tick(PETR.name)
    jana.tick("Return to employee")
    jana.fill("Reason for a return (for every selected one)", RETURN_REASON)
    jana.press("Apply to selected")
    jana.sees("Returned to the employee")
    invoices_tab(jana, "All", month)
    assert "Approved" in jana.row(EVA.name).text
    assert "Returned" in jana.row(PETR.name).text

    # The employee sees the reason.
    petr = journey.browser("Petr")
    journey.sign_in_with_link(petr, PETR)
    petr.menu("My invoices")
    returned = petr.row(month.english).text
    assert "Returned" in returned and RETURN_REASON in returned, returned

    # Finds out whether Eva submitted an invoice for a month: she is on its Missing list, Petr is not.
    invoices_tab(jana, "Missing", invoices.eva_missing)
    jana.sees(f"Missing invoices for {invoices.eva_missing.english}")
    assert jana.row(EVA.name)
    jana.does_not_see(PETR.name)

    # Marks all approved invoices of a month as paid in one action: the To pay desk selects them all.
    invoices_tab(jana, "To pay", invoices.to_pay)
    for person in (PETR, EVA):
        assert jana.field(person.name).is_selected()
    jana.tick("Mark as paid")
    jana.press_and_confirm("Apply to selected", "Mark 2 invoices as paid", "Mark as paid")
    jana.sees("2 marked as paid")
    invoices_tab(jana, "All", invoices.to_pay)
    assert "Paid" in jana.row(EVA.name).text and "Paid" in jana.row(PETR.name).text
    journey.finish(jana)


def test_admin_rates(journey):
    jana = journey.browser("Jana")
    journey.sign_in_with_link(jana, JANA)

    # Changes an employee's title and sets a rate 20 % higher from the first of next month.
    jana.menu("People")
    jana.fill("Name", "svoboda")
    jana.press("Show")
    jana.follow("Svoboda Petr, Mgr.")
    jana.follow("Edit")
    jana.fill("Title (Ing., Mgr., …)", "Ing.")
    jana.press("Save")
    jana.sees("Ing. Petr Svoboda")
    current = Decimal(re.search(r"[\d,]+\.\d\d", jana.fact("In effect today")).group(0).replace(",", ""))
    raised = current * Decimal("1.2")
    first_of_next_month = Month.current().minus(-1)
    jana.expand("Set new rate")
    jana.fill("Amount per hour", f"{raised:.2f}")
    jana.fill_date("Takes effect on", datetime.date(first_of_next_month.year, first_of_next_month.month, 1))
    jana.press("Set rate")
    upcoming = jana.fact("Upcoming")
    assert f"{raised:,.2f}" in upcoming, upcoming
    jana.sees("+20.00 %")

    # Finds the average rate increase of a month: Petr 950 → 1,000 and Eva 640 → 680 in September 2025.
    jana.menu("Rates")
    jana.follow("Average increase")
    jana.fill_month("Month", 2025, 9)
    jana.press("Show")
    jana.sees("Rates that took effect in")
    assert "45.00" in jana.fact("Average increase"), jana.fact("Average increase")
    assert "5.66" in jana.fact("Average rate rose by"), jana.fact("Average rate rose by")
    journey.finish(jana)


def test_admin_confirms_signing_out_everywhere_with_and_without_javascript(journey):
    """Signing out everywhere asks first: in a dialog, or on a page of its own without scripts."""
    jana = journey.browser("Jana")
    journey.sign_in_with_link(jana, JANA)
    jana.menu("Preferences")
    jana.press_and_cancel("Sign out everywhere", "Sign out everywhere?")
    jana.sees("Signed-in devices")
    jana.press_and_confirm("Sign out everywhere", "Sign out everywhere?", "Sign out everywhere")
    jana.sees("Sign in")

    plain = journey.browser("Jana without scripts", javascript=False)
    journey.sign_in_with_link(plain, JANA)
    plain.menu("Preferences")
    plain.press("Sign out everywhere")
    assert plain.heading() == "Are you sure?"
    plain.sees("Sign out everywhere? Every browser and every app signed in as you is signed out")
    journey.finish(plain)
    plain.press("Sign out everywhere")
    plain.sees("Sign in")
