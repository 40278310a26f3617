"""A phone's day against the API, through a client that a third-party generator
(openapi-python-client) wrote from the published OpenAPI document, with no id converted by hand:
what an app written against the document meets (docs/ARCHITECTURE.md, "The API").

Usage: phone_day.py CLIENT_DIR API_URL EMPLOYEE_TOKEN LEADER_TOKEN ADMIN_TOKEN
"""
import datetime
import sys
import uuid

sys.path.insert(0, sys.argv[1])
base, employee_token, leader_token, admin_token = sys.argv[2:6]

from roster_client import AuthenticatedClient  # noqa: E402
from roster_client.api.absences import decide_absence, list_my_absences, request_absence, withdraw_absence  # noqa: E402
from roster_client.api.invoices import list_my_invoices  # noqa: E402
from roster_client.api.me import get_me  # noqa: E402
from roster_client.api.people import get_person, list_people  # noqa: E402
from roster_client.api.projects import create_client, create_project  # noqa: E402
from roster_client.api.time import (  # noqa: E402
    create_time_entry, delete_time_entry, get_timer, list_my_projects, list_my_time_entries, start_timer, stop_timer,
    update_time_entry,
)
from roster_client.models import (  # noqa: E402
    AbsenceDecision, AbsenceDecisionDecision, AbsenceRequest, ClientRequest, ProjectRequest, TimeEntryRequest, TimerStartRequest,
    TimerStopRequest,
)


def client(token):
    return AuthenticatedClient(base_url=base, token=token, raise_on_unexpected_status=True, timeout=20.0)


def ok(response, *statuses):
    expected = statuses or (200,)
    assert response.status_code in expected, f"{response.status_code}: {response.content[:500]!r}"
    return response.parsed


eva, petr, jana = client(employee_token), client(leader_token), client(admin_token)
today = datetime.date.today()

me = ok(get_me.sync_detailed(client=eva))
assert isinstance(me.id, uuid.UUID) and me.email == "eva.dvorakova@acme.example", me

# The admin opens a project to her, by the ids the API gave (a client's, hers).
customer = ok(create_client.sync_detailed(client=jana, body=ClientRequest(name=f"Phone client {uuid.uuid4().hex[:8]}")), 201)
assert isinstance(customer.id, uuid.UUID), customer
opened = ok(create_project.sync_detailed(client=jana, body=ProjectRequest(client_id=customer.id, name="Tram route",
                                                                          person_ids=[me.id])), 201)
assert opened.client_id == customer.id and me.id in opened.person_ids, opened

# The timer: started on that project, stopped by the id the start answered.
projects = ok(list_my_projects.sync_detailed(client=eva)).items
assert opened.id in [item.id for item in projects], projects
project = opened.id
running = ok(get_timer.sync_detailed(client=eva)).running
if running:
    ok(stop_timer.sync_detailed(client=eva, body=TimerStopRequest(timer_id=running.id, discard=True)))
started = ok(start_timer.sync_detailed(client=eva, body=TimerStartRequest(project_id=project)), 200, 201).running
assert isinstance(started.id, uuid.UUID) and started.project.id == project, started
stopped = ok(stop_timer.sync_detailed(client=eva, body=TimerStopRequest(timer_id=started.id, discard=True)))
assert stopped.outcome.value == "discarded", stopped
assert not ok(get_timer.sync_detailed(client=eva)).running

# A time entry: made, found in the week, changed by its id, deleted.
entry = ok(create_time_entry.sync_detailed(
    client=eva, body=TimeEntryRequest(day=today.isoformat(), project_id=project, duration_minutes=30, description="On the tram")),
    201)
assert isinstance(entry.id, uuid.UUID) and entry.seconds == 1800, entry
week = ok(list_my_time_entries.sync_detailed(client=eva, from_=today, to=today))
assert entry.id in [item.id for item in week.items], week
changed = ok(update_time_entry.sync_detailed(entry.id, client=eva, body=TimeEntryRequest(
    day=today.isoformat(), project_id=project, duration_minutes=45, description="On the tram, then the office")))
assert changed.id == entry.id and changed.seconds == 2700, changed
ok(delete_time_entry.sync_detailed(entry.id, client=eva), 204)

# A stray key is refused, not ignored: the document says the request bodies are closed.
stray = eva.get_httpx_client().post("/me/time", json={
    "day": today.isoformat(), "projectId": str(project), "durationMinutes": 30, "projectID": str(project)})
assert stray.status_code in (400, 422), stray.text
assert not [item for item in ok(list_my_time_entries.sync_detailed(client=eva, from_=today, to=today)).items
            if item.seconds == 1800 and item.description == ""], "the refused entry was not booked"

# A day off asked for next month, approved by her team's leader, then another withdrawn.
first = (today.replace(day=1) + datetime.timedelta(days=40)).replace(day=1)
while first.weekday() >= 5:
    first += datetime.timedelta(days=1)
absence = ok(request_absence.sync_detailed(client=eva, body=AbsenceRequest(kind="vacation", first_day=first.isoformat())), 201)
assert isinstance(absence.id, uuid.UUID) and absence.person_id == me.id, absence
decided = ok(decide_absence.sync_detailed(absence.id, client=petr,
                                          body=AbsenceDecision(decision=AbsenceDecisionDecision.APPROVE)))
assert decided.status.value == "approved", decided
second = first + datetime.timedelta(days=1)
while second.weekday() >= 5:
    second += datetime.timedelta(days=1)
other = ok(request_absence.sync_detailed(client=eva, body=AbsenceRequest(kind="vacation", first_day=second.isoformat())), 201)
ok(withdraw_absence.sync_detailed(other.id, client=eva), 200, 204)
mine = ok(list_my_absences.sync_detailed(client=eva, year=first.year))
assert absence.id in [item.id for item in mine.items] and other.id not in [item.id for item in mine.items if
                                                                          item.status.value == "pending"], mine

# Her invoices; the admin finds her by the id the API gave, and her team by its id.
ok(list_my_invoices.sync_detailed(client=eva))
person = ok(get_person.sync_detailed(me.id, client=jana))
assert person.id == me.id, person
if person.team_id:
    team = ok(list_people.sync_detailed(client=jana, team=person.team_id))
    assert me.id in [item.id for item in team.items], team
print("the phone's day went through the generated client")
