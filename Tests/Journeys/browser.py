"""A person in a real, headless Chromium: opens pages, reads them, fills forms by their labels
and presses buttons by their names, as a user would. Every page it lands on is checked with
axe-core once; waiting is always for a page or an element, never a fixed sleep."""
import base64
import importlib.util
import os
import re

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT_SECONDS = 20
# axe-core impacts that fail a journey.
BLOCKING_IMPACTS = ("serious", "critical")


class AccessibilityProblem(AssertionError):
    pass


def literal(text):
    """An XPath string literal for any text, quotes included."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in text.split("'")) + ")"


PHONE = {"width": 375, "height": 740, "deviceScaleFactor": 2, "mobile": True}


class Browser:
    def __init__(self, base_url, name, accessibility, phone=False, javascript=True):
        self.base_url = base_url.rstrip("/")
        self.name = name
        self.accessibility = accessibility
        self.view = "375 light" if phone else "1280 light"
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("ROSTER_JOURNEY_CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--lang=en-US", "--window-size=1280,900", "--force-prefers-reduced-motion"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        service = Service(os.environ.get("ROSTER_JOURNEY_CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_page_load_timeout(60)
        self.driver.set_script_timeout(60)
        self.wait = WebDriverWait(self.driver, WAIT_SECONDS)
        self.javascript = javascript
        if not javascript:  # the page's own scripts do not run (axe-core is let run for its check)
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        if phone:  # a phone's screen and touch, which a headless window cannot be made as narrow as
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def close(self):
        self.driver.quit()

    # Where the browser is

    @property
    def url(self):
        return self.driver.current_url

    @property
    def path(self):
        return self.url[len(self.base_url):] if self.url.startswith(self.base_url) else self.url

    def main_text(self):
        return self.driver.find_element(By.TAG_NAME, "main").text

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

    def visible_problems(self):
        """The error messages a person would see on the page: alerts, field errors, error pages."""
        found = []
        for element in self.driver.find_elements(
                By.CSS_SELECTOR, "[role=alert], .error, .flash-error"):
            if element.is_displayed() and element.text.strip():
                found.append(element.text.strip())
        return found

    # Going places

    def open(self, url):
        """Opens a path of Roster (or a full address) and waits for the page."""
        self.driver.get(url if "://" in url else self.base_url + url)
        self._arrived()

    def follow(self, text, within=None):
        """Clicks the link named `text` (inside the element `within`, if given) and waits for the page."""
        self._navigate(lambda: self.link(text, within).click())

    def press(self, text, within=None):
        """Presses the button named `text` and waits for the next page."""
        self._navigate(lambda: self.button(text, within).click())

    def press_and_confirm(self, text, question, confirm, within=None):
        """Presses the button named `text`, expects the dialog that asks first (its question
        containing `question`), and confirms with its button `confirm`; waits for the next page."""
        self.button(text, within).click()
        dialog = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm[open]"))
        assert question in dialog.text, dialog.text
        self._navigate(lambda: self.button(confirm, within=dialog).click())

    def press_and_cancel(self, text, question, within=None):
        """Presses the button named `text`, expects the dialog that asks first, and cancels it."""
        self.button(text, within).click()
        dialog = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm[open]"))
        assert question in dialog.text, dialog.text
        self.button("Cancel", within=dialog).click()
        self.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.confirm"))

    def click(self, element):
        """Clicks an element found otherwise (a chart's bar) and waits for the page it opens."""
        self._navigate(element.click)

    def menu(self, text):
        """Opens an entry of the main menu."""
        self.follow(text, within=self.driver.find_element(By.CSS_SELECTOR, "nav.nav"))

    def _navigate(self, action):
        """Does `action`, then waits until another document has replaced this one: the mark set
        on this page's window is gone. (Asking an element of the old page whether it is stale
        races with Chromium's own clean-up and can fail with another error.)"""
        self.driver.execute_script("window.rosterJourneyMark = true")
        action()
        # A page that answers in place (the upload form shows a refusal without leaving) stops
        # the wait too, with what it says.
        outcome = WebDriverWait(self.driver, WAIT_SECONDS, ignored_exceptions=(WebDriverException,)).until(
            lambda d: d.execute_script("""
                if (window.rosterJourneyMark !== true) return "left";
                const alert = [...document.querySelectorAll("main [role=alert]")]
                    .find(e => e.offsetParent !== null && e.textContent.trim() !== "");
                return alert ? "alert: " + alert.textContent.trim() : null;"""))
        if outcome != "left":
            raise AssertionError(f"{self.path} answered in place instead of opening a page: {outcome}")
        self._arrived()

    def _arrived(self):
        WebDriverWait(self.driver, WAIT_SECONDS, ignored_exceptions=(WebDriverException,)).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        self.accessibility.check(self, view=self.view)

    # Finding things by what a person reads

    def link(self, text, within=None):
        return self._one(within, f".//a[normalize-space(.)={literal(text)}]",
                         f".//a[contains(normalize-space(.), {literal(text)})]", what=f"link “{text}”")

    def button(self, text, within=None):
        return self._one(within, f".//button[normalize-space(.)={literal(text)}]",
                         f".//input[@type='submit' and @value={literal(text)}]", what=f"button “{text}”")

    def field(self, label, within=None):
        """The form control a <label> names (its text may go on with a hint)."""
        node = self._one(within, f".//label[normalize-space(.)={literal(label)}]",
                         f".//label[starts-with(normalize-space(.), {literal(label)})]", what=f"field “{label}”")
        target = node.get_attribute("for")
        if target:
            return self.driver.find_element(By.ID, target)
        return node.find_element(By.CSS_SELECTOR, "input, select, textarea")

    def row(self, text, within=None):
        """The table row (or list item) that holds `text`."""
        return self._one(within, f".//tr[contains(normalize-space(.), {literal(text)})]",
                         f".//li[contains(normalize-space(.), {literal(text)})]", what=f"row with “{text}”")

    def fact(self, label):
        """The value that a <dt> of the page's main content names."""
        return self._one(self.driver.find_element(By.TAG_NAME, "main"),
                         f".//dt[normalize-space(.)={literal(label)}]/following-sibling::dd[1]",
                         what=f"fact “{label}”").text

    def rows(self, within=None):
        scope = within or self.driver.find_element(By.TAG_NAME, "main")
        return scope.find_elements(By.CSS_SELECTOR, "tbody tr")

    def _one(self, within, *xpaths, what):
        scope = within or self.driver.find_element(By.TAG_NAME, "body")
        for xpath in xpaths:
            for element in scope.find_elements(By.XPATH, xpath):
                if element.is_displayed():
                    return element
        raise NoSuchElementException(f"no {what} on {self.path}")

    # Forms

    def fill(self, label, value, within=None):
        element = self.field(label, within)
        element.clear()
        element.send_keys(value)

    def fill_month(self, label, year, month):
        """A month field as Chromium presents it in English: month, then year."""
        element = self.field(label)
        self.driver.execute_script("arguments[0].value = ''", element)
        element.send_keys(f"{month:02d}\t{year}")
        assert element.get_attribute("value") == f"{year:04d}-{month:02d}", element.get_attribute("value")

    def fill_date(self, label, date):
        """A date field as Chromium presents it in American English: month, day, year."""
        element = self.field(label)
        self.driver.execute_script("arguments[0].value = ''", element)
        element.send_keys(f"{date.month:02d}{date.day:02d}{date.year}")
        assert element.get_attribute("value") == date.isoformat(), element.get_attribute("value")

    def expand(self, summary):
        """Opens a collapsed section (<details>) by its summary."""
        element = self._one(None, f".//summary[normalize-space(.)={literal(summary)}]", what=f"section “{summary}”")
        if element.find_element(By.XPATH, "..").get_attribute("open") is None:
            element.click()

    def choose(self, label, option, within=None):
        Select(self.field(label, within)).select_by_visible_text(option)

    def tick(self, label, within=None):
        element = self.field(label, within)
        if not element.is_selected():
            element.click()

    def untick(self, label, within=None):
        element = self.field(label, within)
        if element.is_selected():
            element.click()

    def attach(self, label, path):
        self.field(label).send_keys(os.path.abspath(path))

    # Waiting for what a page says

    def sees(self, text):
        """Waits until the page's main content shows `text`."""
        try:
            self.wait.until(lambda d: text in d.find_element(By.TAG_NAME, "main").text)
        except Exception:
            raise AssertionError(f"“{text}” is not on {self.path}; the page says:\n{self.main_text()[:1500]}")

    def does_not_see(self, text):
        assert text not in self.main_text(), f"“{text}” should not be on {self.path}"

    # Pictures

    def screenshot(self, path, width=None, dark=None):
        """A PNG of the whole page at `width` CSS pixels, in light or dark mode."""
        cdp = self.driver.execute_cdp_cmd
        if dark is not None:
            cdp("Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        if width is not None:
            mobile = width < 600
            metrics = {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile}
            cdp("Emulation.setDeviceMetricsOverride", metrics)
            height = self.driver.execute_script("return document.documentElement.scrollHeight")
            cdp("Emulation.setDeviceMetricsOverride", dict(metrics, height=max(height, 400)))
        png = cdp("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        with open(path, "wb") as file:
            file.write(base64.b64decode(png["data"]))
        return path

    def reset_view(self):
        cdp = self.driver.execute_cdp_cmd
        cdp("Emulation.clearDeviceMetricsOverride", {})
        cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


def axe_engines():
    """The axe-core builds every page is checked with: the one axe-selenium-python bundles (3.1),
    and the current one that axe-playwright-python carries as package data (only its script is
    used; Playwright itself is not installed)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec and spec.submodule_search_locations, "axe-playwright-python is not installed (scripts/test installs it)"
    script = os.path.join(spec.submodule_search_locations[0], "axe.min.js")
    with open(script, encoding="utf8") as file:
        version = re.search(r"axe v([0-9.]+)", file.read(200))
    return [("axe-core 3.1, bundled with axe-selenium-python", None),
            (f"axe-core {version.group(1) if version else '(current)'}", script)]


class Accessibility:
    """axe-core on every page a journey reaches, once per address, language and view."""

    def __init__(self):
        self.checked = {}
        self.engines = axe_engines()

    def check(self, browser, view="1280 light"):
        driver = browser.driver
        if not browser.url.startswith(browser.base_url):
            return  # another site's page (the identity provider's), not Roster's to fix
        language = driver.execute_script("return document.documentElement.lang")
        key = (re.sub(r"/login/[A-Za-z0-9_-]{20,}", "/login/…", browser.path), language, view)
        if key in self.checked:
            return
        self.checked[key] = True
        for name, script in self.engines:
            axe = Axe(driver) if script is None else Axe(driver, script_url=script)
            if not browser.javascript:  # axe-core needs timers; the page's own scripts have had their chance
                driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
            try:
                axe.inject()
                results = axe.run()
            finally:
                if not browser.javascript:
                    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            blocking = [v for v in results["violations"] if v.get("impact") in BLOCKING_IMPACTS]
            if blocking:
                raise AccessibilityProblem(
                    f"{name}: {len(blocking)} serious or critical problem(s) on {browser.path} ({view}):\n"
                    + axe.report(blocking))
