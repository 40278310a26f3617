"""What the journeys know about the demo company (`Roster demo`) and the months they work in."""
import calendar
import datetime
import email
import email.policy
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from zoneinfo import ZoneInfo

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from invoice_pdf import invoice_lines, invoice_pdf  # noqa: E402

SLUG = "acme"
TIME_ZONE = ZoneInfo("Europe/Prague")


@dataclass(frozen=True)
class Person:
    email: str
    name: str
    sub: str                 # their account at the identity provider
    phone: str
    hours_per_day: int = 0   # a fifth of the contracted weekly hours (contractors)
    rate_czk: int = 0        # the rate from 2025-09 to this month: the journeys compare amounts in those months only
    account: str = ""
    company_id: str = ""


JANA = Person("jana.novakova@acme.example", "Jana Nováková", "jana", "+420 601 111 222")
PETR = Person("petr.svoboda@acme.example", "Petr Svoboda", "petr", "+420 602 333 444",
              hours_per_day=8, rate_czk=1_000, account="2700340005/2010", company_id="27612341")
EVA = Person("eva.dvorakova@acme.example", "Eva Dvořáková", "eva", "+420 603 555 666",
             hours_per_day=6, rate_czk=680, account="1234560005/0800", company_id="45612374")


@dataclass(frozen=True)
class Month:
    year: int
    month: int

    @staticmethod
    def current():
        today = datetime.datetime.now(TIME_ZONE).date()
        return Month(today.year, today.month)

    def minus(self, months):
        index = self.year * 12 + self.month - 1 - months
        return Month(index // 12, index % 12 + 1)

    @property
    def iso(self):
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def english(self):
        return f"{calendar.month_name[self.month]} {self.year}"

    def working_days(self):
        """Monday to Friday, without the Czech public holidays."""
        days = calendar.monthrange(self.year, self.month)[1]
        holidays = czech_holidays(self.year)
        return sum(1 for day in range(1, days + 1)
                   if datetime.date(self.year, self.month, day).weekday() < 5
                   and datetime.date(self.year, self.month, day) not in holidays)


def czech_holidays(year):
    """The Czech public holidays of a year: the fixed dates, Good Friday and Easter Monday (Easter
    by the anonymous Gregorian algorithm), written here apart from Roster's own code."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l) // 433
    month = (h + l - 7 * m + 90) // 25
    easter = datetime.date(year, month, (h + l - 7 * m + 33 * month + 19) % 32)
    fixed = [(1, 1), (5, 1), (5, 8), (7, 5), (7, 6), (9, 28), (10, 28), (11, 17), (12, 24), (12, 25), (12, 26)]
    return {datetime.date(year, mo, da) for mo, da in fixed} | {easter - datetime.timedelta(days=2),
                                                                 easter + datetime.timedelta(days=1)}


def expected_minor(person, month):
    """What the review desk expects of a month without approved hours: every working day (public
    holidays off) a fifth of the weekly hours at the rate."""
    return month.working_days() * person.hours_per_day * person.rate_czk * 100


def czk(minor):
    """How Roster writes an amount in English: 89,760.00 CZK."""
    return f"{minor // 100:,}.{minor % 100:02d}"


def write_invoice(directory, person, month, total_minor, number, account=None):
    """A one-page Czech invoice of `person` for `month`; returns its path."""
    lines = invoice_lines(
        number=number, supplier=f"{person.name}, Vinohradská 12, 120 00 Praha", ico=person.company_id,
        account=account or person.account, variable_symbol=re.sub(r"\D", "", number),
        issued=f"1. {month.month % 12 + 1}. {month.year + (month.month == 12)}", total_minor=total_minor,
        items=[f"Vývoj software za {month.iso}: {total_minor // 100 // person.rate_czk} h × {person.rate_czk},00 Kč"])
    path = os.path.join(directory, f"{person.sub}-{month.iso}-{number}.pdf")
    with open(path, "wb") as file:
        file.write(invoice_pdf([lines]))
    return path


class Roster:
    """The running server the journeys use, and its command line for one-time sign-in links."""

    def __init__(self):
        self.url = os.environ["ROSTER_JOURNEY_URL"].rstrip("/")
        self.binary = os.environ["ROSTER_JOURNEY_BIN"]
        self.issuer = os.environ["ROSTER_TEST_OIDC_ISSUER"].rstrip("/")
        self.screenshots = os.environ["ROSTER_JOURNEY_SCREENSHOTS"]
        self.maildir = os.environ["ROSTER_TEST_MAILDIR"]

    def path(self, rest=""):
        return f"/t/{SLUG}/{rest}"

    def sign_in_link(self, person):
        """A one-time link, as an administrator gives one (`Roster link`)."""
        output = subprocess.run([self.binary, "link", "--slug", SLUG, "--email", person.email], cwd=ROOT,
                                check=True, capture_output=True, text=True).stdout
        match = re.search(r"https?://\S+/login/\S+", output)
        assert match, f"Roster link printed no link: {output}"
        return match.group(0)

    def mailed_sign_in_link(self, person, timeout=30):
        """The link in the newest sign-in mail to the person, as their mail program shows it
        (Roster delivers through sendmail to the test SMTP server, which keeps a Maildir)."""
        deadline = time.monotonic() + timeout
        folder = os.path.join(self.maildir, "new")
        while time.monotonic() < deadline:
            newest = None
            for name in os.listdir(folder) if os.path.isdir(folder) else []:
                path = os.path.join(folder, name)
                with open(path, "rb") as file:
                    message = email.message_from_binary_file(file, policy=email.policy.default)
                if person.email not in str(message["To"]):
                    continue
                if newest is None or os.path.getmtime(path) > newest[0]:
                    newest = (os.path.getmtime(path), message)
            if newest:
                text = newest[1].get_body(preferencelist=("plain",)).get_content()
                match = re.search(r"https?://\S+/login/[A-Za-z0-9_-]+", text)
                if match:
                    return match.group(0)
            time.sleep(0.2)
        raise AssertionError(f"no sign-in mail to {person.email} in {folder} within {timeout} s")

    def tell_provider(self, person):
        """What the identity provider says about the person when they sign in there."""
        body = json.dumps({"email": person.email, "email_verified": True, "name": person.name}).encode()
        request = urllib.request.Request(f"{self.issuer}/users/{person.sub}", data=body, method="PUT",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            assert response.status == 204
