"""Against the cluster (scripts/cluster, started by `scripts/test --cluster`): a Roster server dies
in the middle of a journey, and an upload dies with the server that was storing it."""
import hashlib
import http.client
import os
import signal
import subprocess
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By

from world import EVA, ROOT, Month, expected_minor, write_invoice

CLUSTER = os.environ.get("ROSTER_CLUSTER_NAME")
pytestmark = pytest.mark.skipif(not CLUSTER, reason="runs against the cluster only (scripts/test --cluster)")


def cluster(*arguments):
    subprocess.run(["bash", "scripts/cluster", *arguments], cwd=ROOT, check=True, capture_output=True, timeout=120)


def server_port(number):
    return int(os.environ["ROSTER_CLUSTER_SERVER_PORTS"].split()[number - 1])


def kill_at_once(number):
    """SIGKILL to the server, as a crash: no graceful shutdown, nothing finished."""
    with open(os.path.join(ROOT, ".data", CLUSTER, f"roster{number}.pid")) as file:
        os.kill(int(file.read().strip()), signal.SIGKILL)


def test_a_server_dies_in_the_middle_of_a_journey(journey, tmp_path):
    """Eva keeps working while the server that answered her dies: at most a request is retried
    (by HAProxy, which also stops sending anything there within two seconds)."""
    eva = journey.browser("Eva")
    journey.sign_in_with_link(eva, EVA)
    eva.menu("My invoices")
    cluster("--kill-server", "1")
    try:
        month = Month.current().minus(6)
        eva.menu("My invoices")
        eva.follow("Upload invoice", within=eva.row(month.english))
        total = expected_minor(EVA, month)
        eva.attach("Invoice PDF", write_invoice(tmp_path, EVA, month, total, number=f"E{month.year}{month.month:02d}K"))
        eva.press("Upload")
        eva.sees("Submitted")
        eva.menu("Home")
        eva.menu("My invoices")
        eva.sees(month.english)
    finally:
        cluster("--start-server", "1")
    journey.finish(eva)


def test_an_upload_in_flight_on_a_dying_server_leaves_nothing_half_written(journey, tmp_path):
    """Eva's upload reaches server 2, which is killed the moment the last byte arrives (while it
    inspects the PDF or stores it). Afterwards the month either has the whole invoice, its
    document byte for byte, or nothing at all: never an invoice without its file."""
    eva = journey.browser("Eva uploading")
    journey.sign_in_with_link(eva, EVA)
    month = Month.current().minus(7)
    eva.menu("My invoices")
    eva.follow("Upload invoice", within=eva.row(month.english))
    form = eva.driver.find_element(By.ID, "upload-form")
    action = form.get_attribute("action").split("://", 1)[1].split("/", 1)[1]
    csrf = form.find_element(By.NAME, "_csrf").get_attribute("value")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in eva.driver.get_cookies())
    path = write_invoice(tmp_path, EVA, month, expected_minor(EVA, month), number=f"E{month.year}{month.month:02d}X")
    with open(path, "rb") as file:
        pdf = file.read()

    boundary = f"----cluster-{uuid.uuid4().hex}"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n{csrf}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"invoice.pdf\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + pdf + f"\r\n--{boundary}--\r\n".encode()
    connection = http.client.HTTPConnection("127.0.0.1", server_port(2), timeout=30)
    try:
        connection.putrequest("POST", "/" + action)
        connection.putheader("Content-Type", f"multipart/form-data; boundary={boundary}")
        connection.putheader("Content-Length", str(len(body)))
        connection.putheader("Cookie", cookies)
        connection.endheaders()
        connection.send(body)
        kill_at_once(2)
        try:
            connection.getresponse().read()
        except (http.client.HTTPException, OSError):
            pass  # the server died before it answered
    finally:
        connection.close()
        cluster("--start-server", "2")

    eva.menu("My invoices")
    row = eva.row(month.english)
    links = [a.text for a in row.find_elements(By.TAG_NAME, "a")]
    if "Upload invoice" in links:
        return  # nothing was stored
    # The whole invoice was stored before the server died: its document is exactly what was sent.
    assert month.english in links, f"the month's row shows neither an invoice nor its upload: {row.text}"
    document = row.find_element(By.XPATH, ".//a[contains(@href, '/documents/')]").get_attribute("href")
    request = urllib.request.Request(document, headers={"Cookie": cookies})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert hashlib.sha256(response.read()).hexdigest() == hashlib.sha256(pdf).hexdigest()
