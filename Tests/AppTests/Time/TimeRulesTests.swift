import Foundation
import Testing
@testable import App

@Suite struct TimeRulesTests {
    @Test func clockTimesAsPeopleTypeThem() {
        let read: [(String, Int?)] = [
            ("9", 540), ("09", 540), ("9:30", 570), ("09:30", 570), ("9.30", 570), ("930", 570), ("0930", 570),
            (" 17:05 ", 1025), ("0", 0), ("24:00", 1440), ("2400", 1440), ("23:59", 1439),
            ("24:01", nil), ("25", nil), ("9:60", nil), ("9:5", nil), ("9::30", nil), (":30", nil), ("", nil),
            ("12345", nil), ("9h", nil), ("-1", nil), ("٩:٣٠", nil), (String(repeating: "9", count: 10_000), nil),
        ]
        for (text, minutes) in read {
            #expect(ClockTime(parsing: text)?.minutes == minutes, "\(text.prefix(20))")
        }
        #expect(ClockTime(minutes: 570)?.text == "09:30" && ClockTime.endOfDay.text == "24:00")
    }

    @Test func durationsAsPeopleTypeThem() {
        let read: [(String, Int?)] = [
            ("1:30", 90), ("1.5", 90), ("1,5", 90), ("0,25", 15), (".5", 30), ("90m", 90), ("90 min", 90), ("2h", 120),
            ("2 h", 120), ("2h 30m", 150), ("2 h 30 min", 150), ("8", 480), ("24", 1440), ("1,33", 80),
            ("0", nil), ("0:00", nil), ("25", nil), ("24:01", nil), ("1:5", nil), ("1:60", nil), ("30m 2h", nil), ("2h2h", nil),
            ("h", nil), ("m", nil), ("1.555", nil), ("abc", nil), ("", nil), ("1:30:00", nil), ("-1", nil),
            (String(repeating: "1h", count: 5_000), nil),
        ]
        for (text, minutes) in read {
            #expect(WorkDuration.minutes(parsing: text) == minutes, "\(text.prefix(20))")
        }
        #expect(WorkDuration.text(seconds: 27_000) == "7:30" && WorkDuration.text(seconds: 29) == "0:00"
            && WorkDuration.text(seconds: 30) == "0:01" && WorkDuration.text(seconds: 90_000) == "25:00")
    }

    @Test func anEntryIsAStartAndAnEndOrADuration() throws {
        let project = UUID()
        func read(_ start: String, _ end: String, _ duration: String = "", day: String = "2026-11-18") -> Result<TimeEntryDraft, FieldProblems> {
            TimeEntryRules.read(TimeEntryInput(day: day, project: project.uuidString, start: start, end: end, duration: duration,
                                               description: "  Review\n\tof the\u{0}  API  "))
        }
        let clock = try read("9:00", "12:30").get()
        #expect(clock.span == .clock(start: ClockTime(minutes: 540)!, end: ClockTime(minutes: 750)!))
        #expect(clock.description == "Review of the API" && clock.day == LocalDate(iso: "2026-11-18"))
        #expect(try read("9", "", "1:30").get().span == .clock(start: ClockTime(minutes: 540)!, end: ClockTime(minutes: 630)!))
        #expect(try read("", "", "2h").get().span == .duration(minutes: 120))
        #expect(try read("22:00", "24:00").get().span == .clock(start: ClockTime(minutes: 1320)!, end: .endOfDay))

        func problems(_ result: Result<TimeEntryDraft, FieldProblems>) -> [String: String] {
            if case .failure(let problems) = result { return problems.fields }
            return [:]
        }
        #expect(problems(read("12:00", "9:00")) == ["end": "time.error.endBeforeStart"])
        #expect(problems(read("12:00", "12:00")) == ["end": "time.error.endBeforeStart"])
        #expect(problems(read("", "12:00")) == ["start": "time.error.startMissing"])
        #expect(problems(read("23:00", "", "2h")) == ["duration": "time.error.pastMidnight"])
        #expect(problems(read("24:00", "")) == ["start": "time.error.start", "end": "time.error.span"])
        #expect(problems(read("", "")) == ["duration": "time.error.span"])
        #expect(problems(read("9", "")) == ["end": "time.error.span"])
        #expect(problems(read("9", "x")) == ["end": "time.error.end"])
        #expect(problems(read("", "", "forever")) == ["duration": "time.error.duration"])
        #expect(problems(read("9", "10", day: "2026-02-30")) == ["day": "time.error.day"])
        let bad = TimeEntryRules.read(TimeEntryInput(day: "2026-11-18", project: "not-an-id", start: "9", end: "10",
                                                     description: String(repeating: "x", count: 501)))
        #expect(problems(bad) == ["project": "time.error.project", "description": "time.error.description"])
    }

    @Test func weeksRunFromMondayToSunday() {
        let week = Week(containing: LocalDate(iso: "2026-11-18")!)
        #expect(week.monday.iso == "2026-11-16" && week.sunday.iso == "2026-11-22")
        #expect(Week(containing: LocalDate(iso: "2026-11-22")!) == week && Week(containing: LocalDate(iso: "2026-11-16")!) == week)
        #expect(week.previous.monday.iso == "2026-11-09" && week.next.monday.iso == "2026-11-23")
        #expect(Week(parameter: "2027-01-01")?.monday.iso == "2026-12-28")
        #expect(Week(parameter: "2026-W48") == nil && Week(parameter: nil) == nil && Week(parameter: String(repeating: "2", count: 5000)) == nil)
    }

    @Test func aTimerStopsOnItsDayWithinTwelveHours() {
        let zone = "Europe/Prague"
        let start = LocalDate(iso: "2026-11-18")!.instant(hour: 9, minute: 0, in: zone)
        #expect(TimerRules.stop(start: start, now: start.addingTimeInterval(30), zone: zone) == .tooShort)
        #expect(TimerRules.stop(start: start, now: start.addingTimeInterval(3600), zone: zone)
            == .entry(start: start, end: start.addingTimeInterval(3600)))
        #expect(TimerRules.stop(start: start, now: start.addingTimeInterval(15 * 3600 + 60), zone: zone) == .needsEnd(.overMidnight))
        let early = LocalDate(iso: "2026-11-18")!.instant(hour: 6, minute: 0, in: zone)
        #expect(TimerRules.stop(start: early, now: early.addingTimeInterval(12 * 3600 + 60), zone: zone) == .needsEnd(.overTwelveHours))
        // The end chosen for an overrun timer: on its day, after its start, not in the future, within 12 hours.
        let now = start.addingTimeInterval(30 * 3600)
        #expect(TimerRules.chosenEnd(ClockTime(minutes: 17 * 60)!, start: start, now: now, zone: zone)
            == LocalDate(iso: "2026-11-18")!.instant(hour: 17, minute: 0, in: zone))
        #expect(TimerRules.chosenEnd(ClockTime(minutes: 8 * 60)!, start: start, now: now, zone: zone) == nil)
        #expect(TimerRules.chosenEnd(.endOfDay, start: start, now: now, zone: zone) == nil)
        #expect(TimerRules.chosenEnd(ClockTime(minutes: 17 * 60)!, start: start, now: start.addingTimeInterval(3600), zone: zone) == nil)
    }

    /// Whatever the time zone and its clock changes, a day booked from 00:00 to 24:00 in pieces
    /// holds exactly the day's real length, and a month's total is the sum of its days.
    @Test(arguments: ["Europe/Prague", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC", "America/Santiago"])
    func aMonthIsTheSumOfItsDays(zone: String) {
        var generator = SystemRandomNumberGenerator()
        for month in [Month(iso: "2026-03")!, Month(iso: "2026-10")!, Month(iso: "2026-04")!, Month(iso: "2026-11")!] {
            var monthSeconds = 0
            for day in month.days {
                // Cut points on the wall clock, 00:00 and 24:00 included, at random.
                var cuts = Set([0, 1440])
                for _ in 0..<Int.random(in: 0...6, using: &generator) { cuts.insert(Int.random(in: 1...1439, using: &generator)) }
                // A time the clocks skip is read as after the change, so it can come after a later
                // one: such a span is refused as an entry (`TimeEntryRefusal.clockChange`), and
                // left out here.
                var instants: [Date] = []
                for cut in cuts.sorted() {
                    let instant = EntryInstants.instant(day, ClockTime(minutes: cut)!, zone: zone)
                    if cut == 1440 { while let last = instants.last, last >= instant { instants.removeLast() } }
                    if instants.last.map({ $0 < instant }) ?? true { instants.append(instant) }
                }
                var daySeconds = 0
                for (from, to) in zip(instants, instants.dropFirst()) { daySeconds += Int(to.timeIntervalSince(from)) }
                let length = Int(EntryInstants.instant(day, .endOfDay, zone: zone)
                    .timeIntervalSince(EntryInstants.instant(day, ClockTime(minutes: 0)!, zone: zone)))
                #expect(daySeconds == length, "\(zone) \(day)")
                #expect([23 * 3600, 24 * 3600, 25 * 3600].contains(length), "\(zone) \(day)")
                monthSeconds += daySeconds
            }
            let whole = Int(EntryInstants.instant(month.last, .endOfDay, zone: zone)
                .timeIntervalSince(EntryInstants.instant(month.first, ClockTime(minutes: 0)!, zone: zone)))
            #expect(monthSeconds == whole, "\(zone) \(month.iso)")
        }
    }

    @Test func expectedHoursSkipWeekendsHolidaysAndDaysWithoutAContract() {
        let contract = Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2026-11-18")!, validTo: nil, capacityTenths: 400)
        // 16–22 November 2026: the 17th is a public holiday, the contract starts on the 18th.
        let week = Week(containing: LocalDate(iso: "2026-11-18")!)
        #expect(ExpectedTime.seconds(over: week.days, contracts: [contract]) == 3 * 8 * 3600)
        #expect(ExpectedTime.seconds(over: week.days, contracts: []) == 0)
    }
}
