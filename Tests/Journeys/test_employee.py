"""Eva Dvořáková is a developer who invoices the company every month (IČO)."""
from selenium.webdriver.common.by import By

from world import EVA, Month, czk, expected_minor, write_invoice


def test_employee_month(journey, invoices, tmp_path):
    eva = journey.browser("Eva")
    journey.sign_in_with_link(eva, EVA)

    # Sees which months are missing: they say so, look different and offer the upload.
    eva.menu("My invoices")
    for month in (invoices.last_month, invoices.eva_missing):
        row = eva.row(month.english)
        assert "Missing" in row.text and "Upload invoice" in row.text, row.text
        assert "state-missing" in row.get_attribute("class")
    done = eva.row(invoices.to_review.english)
    assert "Missing" not in done.text and czk(invoices.eva_matching_minor) in done.text, done.text
    assert "state-missing" not in done.get_attribute("class")

    # Uploads last month's invoice.
    month = invoices.last_month
    eva.follow("Upload invoice", within=eva.row(month.english))
    total = expected_minor(EVA, month)
    eva.attach("Invoice PDF", write_invoice(tmp_path, EVA, month, total, number=f"E{month.year}{month.month:02d}"))
    eva.press("Upload")
    eva.sees("Submitted")
    assert czk(total) in eva.fact("Total to pay"), eva.fact("Total to pay")
    eva.menu("My invoices")
    assert "Submitted" in eva.row(month.english).text

    # Sees her earnings month by month, and opens one month's breakdown from its bar.
    eva.menu("My earnings")
    chart = eva.driver.find_element(By.CSS_SELECTOR, "figure.chart svg[role=group]")
    bars = chart.find_elements(By.CSS_SELECTOR, "a[aria-label] rect.bar")
    assert len(bars) >= 6, f"{len(bars)} bars"
    eva.follow("12 months")
    bar = eva.driver.find_elements(By.CSS_SELECTOR, "figure.chart svg a")[-2]  # the month before this one
    eva.click(bar)
    breakdown = eva.driver.find_element(By.ID, "month").text
    assert month.iso in eva.driver.find_element(By.ID, "month-heading").text, breakdown
    assert czk(total) in breakdown and "Hours a week" in breakdown, breakdown

    # Switches the language to Czech and back.
    eva.press("Čeština", within=eva.driver.find_element(By.CSS_SELECTOR, "footer"))
    assert eva.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "cs"
    eva.sees("Pracovní dny")
    assert eva.heading() == "Moje výdělky"
    eva.menu("Moje faktury")
    eva.sees("Odesláno")
    eva.press("English", within=eva.driver.find_element(By.CSS_SELECTOR, "footer"))
    assert eva.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert eva.heading() == "My invoices"
    eva.menu("My earnings")
    journey.finish(eva)


def test_employee_uploads_from_a_phone(journey, tmp_path):
    """At the end of the month Eva sends this month's invoice from her phone."""
    eva = journey.browser("Eva on a phone", phone=True)
    journey.sign_in_with_link(eva, EVA)
    assert eva.driver.execute_script("return window.innerWidth") == 375
    # The menu wraps instead of hiding entries: My invoices is one tap away.
    eva.menu("My invoices")
    month = Month.current()
    eva.follow("Upload invoice", within=eva.row(month.english))
    total = expected_minor(EVA, month)
    eva.attach("Invoice PDF", write_invoice(tmp_path, EVA, month, total, number=f"E{month.year}{month.month:02d}P"))
    eva.press("Upload")
    eva.sees("Submitted")
    assert czk(total) in eva.fact("Total to pay"), eva.fact("Total to pay")
    # Nothing on the page is wider than the phone.
    assert eva.driver.execute_script("return document.documentElement.scrollWidth") <= 375
    journey.finish(eva)


def test_employee_home_and_mail_preferences(journey):
    """Eva's home page leads with what she has to do; she stops the mails about paid invoices."""
    eva = journey.browser("Eva at home")
    journey.sign_in_with_link(eva, EVA)
    eva.sees("What needs you now")
    eva.menu("Preferences")
    assert eva.field("paid invoices").is_selected()
    eva.untick("paid invoices")
    eva.press("Save")
    eva.sees("Saved.")
    assert not eva.field("paid invoices").is_selected()
    assert eva.field("returned invoices").is_selected()
    eva.menu("Home")
    journey.finish(eva)
