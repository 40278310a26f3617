"""Fixtures of the journeys: the running Roster, people in browsers, the month's invoices made
beforehand, and what a failing journey prints."""
import os
import re

import pytest

from browser import Accessibility, Browser
from seed import connect_identity_provider, seed_invoices
from world import Roster

VIEWS = [(1280, False), (1280, True), (375, False), (375, True)]


@pytest.fixture(scope="session")
def roster():
    return Roster()


@pytest.fixture(scope="session")
def accessibility():
    return Accessibility()


class Journey:
    """One scenario: the browsers of the people in it, and the pictures of where it ended."""

    def __init__(self, name, roster, accessibility):
        self.name = name
        self.roster = roster
        self.accessibility = accessibility
        self.browsers = []

    def browser(self, who, phone=False, javascript=True):
        browser = Browser(self.roster.url, who, self.accessibility, phone=phone, javascript=javascript)
        self.browsers.append(browser)
        return browser

    def sign_in_with_link(self, browser, person, link=None):
        """Opens a one-time link and confirms it, as the link's page asks."""
        browser.open(link or self.roster.sign_in_link(person))
        browser.sees(person.name)
        browser.press("Sign in")
        browser.sees(person.name.split()[0])

    def finish(self, browser):
        """Screenshots of the last page at desktop and phone width, light and dark; each view is
        also checked with axe-core (contrast differs between the schemes)."""
        paths = []
        for width, dark in VIEWS:
            path = os.path.join(self.roster.screenshots,
                                f"{self.name}-{width}-{'dark' if dark else 'light'}.png")
            browser.screenshot(path, width=width, dark=dark)
            self.accessibility.check(browser, view=f"{width} {'dark' if dark else 'light'}")
            paths.append(path)
        browser.reset_view()
        return paths

    def describe(self):
        """Where each browser is, what its page says is wrong, and a screenshot of it."""
        lines = []
        for index, browser in enumerate(self.browsers, start=1):
            try:
                who = re.sub(r"\W+", "-", browser.name).strip("-").lower()
                path = os.path.join(self.roster.screenshots, f"{self.name}-FAILED-{index}-{who}.png")
                browser.screenshot(path)
                problems = browser.visible_problems()
                lines += [f"{browser.name}: {browser.url}",
                          f"  heading: {browser.heading()}",
                          f"  visible errors: {' | '.join(problems) if problems else 'none'}",
                          f"  screenshot: {path}"]
            except Exception as error:  # the description must not hide the failure itself
                lines.append(f"{browser.name}: could not describe the page ({error})")
        return "\n".join(lines)

    def close(self):
        for browser in self.browsers:
            browser.close()


@pytest.fixture
def journey(request, roster, accessibility):
    name = re.sub(r"^test_", "", request.node.name).replace("_", "-")
    journey = Journey(name, roster, accessibility)
    request.node.journey = journey
    yield journey
    journey.close()


def set_up(roster, accessibility, what, step):
    """Runs a set-up step in browsers of its own; a failure tells where they were."""
    seeding = Journey("set-up-" + re.sub(r"\W+", "-", what).strip("-"), roster, accessibility)
    try:
        return step(seeding)
    except Exception as error:
        raise AssertionError(f"setting up {what} failed: {error}\n{seeding.describe()}") from error
    finally:
        seeding.close()


@pytest.fixture(scope="session")
def identity_provider(roster, accessibility):
    """The company's OpenID provider, connected by the admin on the settings page."""
    set_up(roster, accessibility, "the identity provider", connect_identity_provider)


@pytest.fixture(scope="session")
def invoices(roster, accessibility, tmp_path_factory):
    """The invoices the journeys find already there (uploaded and reviewed through the pages)."""
    directory = tmp_path_factory.mktemp("invoices")
    return set_up(roster, accessibility, "the invoices", lambda seeding: seed_invoices(seeding, directory))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing journey tells where each of its browsers was, what the page said was wrong,
    and where the screenshot of that moment is."""
    outcome = yield
    report = outcome.get_result()
    journey = getattr(item, "journey", None)
    if report.when != "call" or not report.failed or journey is None:
        return
    report.sections.append(("where the journey stopped", journey.describe()))
