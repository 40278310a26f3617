"""Time tracking: the admin adds a client's project; Eva books her time from her phone, with the
timer and by hand; Petr, her team leader, sees her month among his team's."""
from selenium.webdriver.common.by import By

from world import EVA, JANA, PETR


def test_time_tracking(journey):
    jana = journey.browser("Jana sets up a project")
    journey.sign_in_with_link(jana, JANA)
    jana.menu("Projects")
    jana.fill("New client", "Kofola a.s.")
    jana.press("Add client")
    jana.sees("Saved.")
    jana.follow("New project")
    jana.choose("Client", "Kofola a.s.")
    jana.fill("Project name", "Mobile app")
    jana.press("Add project")
    jana.sees("Kofola a.s. · Mobile app")
    jana.sees("open to everyone")

    eva = journey.browser("Eva on a phone", phone=True)
    journey.sign_in_with_link(eva, EVA)
    eva.menu("Time")
    eva.sees("No time recorded this week yet")
    # The timer: started on the project, kept across pages, stopped (under a minute: nothing kept).
    timer = eva.driver.find_element(By.CSS_SELECTOR, "section.timer")
    eva.choose("Project", "Kofola a.s. · Mobile app", within=timer)
    eva.fill("Description", "Login screen", within=timer)
    eva.press("Start timer", within=timer)
    eva.sees("Timer running")
    eva.menu("My invoices")
    eva.menu("Time")
    eva.sees("Login screen")
    eva.press("Stop")
    eva.sees("less than a minute")

    # By hand: a start and an end, then a duration that follows it; an overlap is refused.
    def add(start="", end="", hours="", description=""):
        form = eva.driver.find_element(By.CSS_SELECTOR, "form.entry-form")
        eva.choose("Project", "Kofola a.s. · Mobile app", within=form)
        eva.fill("Start", start, within=form)
        eva.fill("End", end, within=form)
        eva.fill("Hours", hours, within=form)
        eva.fill("Description", description, within=form)
        eva.press("Add", within=form)

    add(start="6:00", end="9:30", description="Code review")
    eva.sees("The time was added.")
    eva.sees("06:00–09:30")
    add(start="9:00", hours="1:00")
    eva.sees("That overlaps your entry")
    eva.sees("06:00–09:30")
    eva.menu("Time")  # (from a page without the refusal: a press there waits for a new page)
    add(hours="1,5", description="Release notes")
    eva.sees("09:30–11:00")
    eva.sees("Week: 5:00 h")
    assert eva.driver.execute_script("return document.documentElement.scrollWidth") <= 375

    petr = journey.browser("Petr sees his team's time")
    journey.sign_in_with_link(petr, PETR)
    petr.menu("Time")
    petr.follow("Month")
    petr.sees("Everyone's time this month")
    assert "5:00" in petr.row("Dvořáková Eva").text, petr.row("Dvořáková Eva").text
    petr.follow("Dvořáková Eva")
    petr.sees("Eva Dvořáková: time in")
    petr.sees("Kofola a.s. · Mobile app")
    journey.finish(eva)


def test_vacation_asked_and_approved(journey):
    """Eva asks for a day of vacation next month; Petr, her team leader, approves it on the team
    calendar; she sees it approved, and the day marked on her timesheet."""
    import datetime
    from world import Month
    following = Month.current().minus(-1)
    day = datetime.date(following.year, following.month, 1)
    day += datetime.timedelta(days=(7 - day.weekday()) % 7 + 7)  # the second Monday of next month

    eva = journey.browser("Eva asks for a day off")
    journey.sign_in_with_link(eva, EVA)
    eva.menu("Absences")
    eva.choose("Kind", "Vacation")
    eva.fill_date("First day", day)
    eva.fill("Note (optional)", "Dentist in the morning, then a day out")
    eva.press("Ask for time off")
    eva.sees("Your request was sent for approval.")
    assert "Waiting" in eva.row("Dentist in the morning").text

    petr = journey.browser("Petr decides")
    journey.sign_in_with_link(petr, PETR)
    petr.menu("Absences")
    petr.follow("Team calendar")
    petr.follow("Next month")
    petr.sees("Waiting for your decision")
    request = petr.driver.find_element(By.XPATH, "//section[contains(@class,'request')][contains(., 'Dvořáková Eva')]")
    petr.press("Approve Dvořáková Eva", within=request)
    petr.sees("Approved. They hear by e-mail.")
    petr.does_not_see("Waiting for your decision")

    eva.menu("Absences")
    assert "Approved" in eva.row("Dentist in the morning").text
    eva.open(f"/t/acme/time?week={day.isoformat()}")
    eva.sees("Vacation")
    journey.finish(petr)


def test_a_closed_month_moves_the_desk(journey, tmp_path):
    """Eva invoices a month by the contracted hours; the desk expects that much. She books a day
    of it, submits the month, Petr approves it, and the desk now expects that day's hours and says
    the invoice's amount differs."""
    import datetime
    from seed import upload
    from world import Month, czk, expected_minor, write_invoice
    month = Month.current().minus(5)
    day = datetime.date(month.year, month.month, 1)
    day += datetime.timedelta(days=(7 - day.weekday()) % 7 + 7)  # the second Monday of the month

    eva = journey.browser("Eva invoices and books her time")
    journey.sign_in_with_link(eva, EVA)
    total = expected_minor(EVA, month)
    upload(eva, month, write_invoice(tmp_path, EVA, month, total, number=f"T{month.year}{month.month:02d}"))

    jana = journey.browser("Jana on the desk")
    journey.sign_in_with_link(jana, JANA)
    jana.open(f"/t/acme/review/desk?month={month.iso}&state=submitted")
    row = jana.row("Eva Dvořáková")
    assert czk(total) in row.text and "from contracted hours" in row.text, row.text
    assert "Amount differs" not in row.text, row.text

    # The project to book on, then a day of 7.5 hours, and the month submitted.
    jana.menu("Projects")
    jana.fill("New client", "Globus ČR")
    jana.press("Add client")
    jana.follow("New project")
    jana.choose("Client", "Globus ČR")
    jana.fill("Project name", "E-shop")
    jana.press("Add project")
    eva.open(f"/t/acme/time?week={day.isoformat()}")
    form = eva.driver.find_element(By.CSS_SELECTOR, "form.entry-form")
    eva.fill_date("Day", day)
    eva.choose("Project", "Globus ČR · E-shop", within=form)
    eva.fill("Start", "8:30", within=form)
    eva.fill("End", "16:00", within=form)
    eva.press("Add", within=form)
    eva.sees("The time was added.")
    eva.open(f"/t/acme/time/month?month={month.iso}")
    eva.press("Submit the month")
    eva.sees("submitted for approval")

    petr = journey.browser("Petr approves the month")
    journey.sign_in_with_link(petr, PETR)
    petr.open(f"/t/acme/time/close?month={month.iso}")
    petr.follow("Dvořáková Eva")
    petr.press("Approve the month")
    petr.sees("approved and closed")

    jana.open(f"/t/acme/review/desk?month={month.iso}&state=submitted")
    row = jana.row("Eva Dvořáková")
    hours = czk(15 * EVA.rate_czk * 100 // 2)  # 7.5 h at the rate
    assert hours in row.text and "from approved hours" in row.text, row.text
    assert "Amount differs" in row.text, row.text
    journey.finish(jana)
