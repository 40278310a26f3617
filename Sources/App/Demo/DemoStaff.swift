import Foundation

/// The demo company's other 22 people, beside the three who sign in (`DemoData`): four teams,
/// all four contract types, 18 months of rates with raises, a leaver. Dated in months relative to
/// the month the demo is loaded in, so the demo never grows old. Pure data.
enum DemoStaff {
    struct Hire: Sendable {
        let first: String, last: String, title: String, email: String, position: String
        /// A team of `teams` by name; nil for nobody's team.
        let team: String?
        let leads: Bool
        let contract: ContractKind
        let capacityTenths: Int
        /// The contract starts on the first day of the month this many months before the current one.
        let startMonthsAgo: Int
        /// The contract ended on the last day of the month this many months ago (a leaver, deactivated).
        let leftMonthsAgo: Int?
        /// Hourly rates in whole CZK: the first from the start, then raises (months ago; a negative
        /// number is a raise already agreed for a coming month).
        let rate: Int64
        let raises: [(monthsAgo: Int, czk: Int64)]
        /// A contractor's bank account and company ID (IČO), as their invoices print them.
        let account: String?
        let companyID: String?
        let street: String?
    }

    /// The teams beside "Vývoj" (led by the demo's team leader).
    static let teams = ["Design", "Provoz", "Obchod"]

    static let hires: [Hire] = [
        // Vývoj (development), led by Petr Svoboda.
        contractor("Tomáš", "Marek", "tomas.marek", "Backend developer", team: "Vývoj", rate: 850,
                   raises: [(12, 900), (-1, 950)], account: "2400117856/2010", companyID: "27074358", street: "Korunní 88, Praha 2"),
        contractor("Lucie", "Horáková", "lucie.horakova", "Frontend developer", team: "Vývoj", rate: 780,
                   raises: [(12, 820), (6, 860)], account: "19-2000145399/0800", companyID: "25596641", street: "Lidická 12, Brno"),
        contractor("Martin", "Kučera", "martin.kucera", "Mobile developer", team: "Vývoj", since: 9, rate: 900,
                   raises: [(3, 940)], account: "1234567899/5500", companyID: "26185610", street: "Masarykova 3, Olomouc"),
        contractor("Radek", "Šimek", "radek.simek", "DevOps engineer", team: "Vývoj", capacity: 200, rate: 1_100,
                   raises: [(6, 1_150)], account: "2001234588/2010", companyID: "28356250", street: "Nádražní 41, Ostrava"),
        employee("Ondřej", "Veselý", "ondrej.vesely", "QA engineer", team: "Vývoj", .hpp, rate: 420, raises: [(12, 440), (1, 470)]),
        employee("Kateřina", "Pokorná", "katerina.pokorna", "Tester (student)", team: "Vývoj", .dpp, capacity: 100, since: 8,
                 rate: 220, raises: []),
        // Design.
        contractor("Barbora", "Němcová", "barbora.nemcova", "Head of design", team: "Design", leads: true, rate: 950,
                   raises: [(12, 1_000), (6, 1_050)], account: "670100-2212345683/6210", companyID: "29026385", street: "Husova 7, Plzeň"),
        contractor("Jakub", "Pospíšil", "jakub.pospisil", "Product designer", team: "Design", rate: 720,
                   raises: [(9, 760)], account: "2300456789/2010", companyID: "24228206", street: "Vinohradská 112, Praha 3"),
        contractor("Tereza", "Králová", "tereza.kralova", "UX researcher", team: "Design", capacity: 300, rate: 690,
                   raises: [(6, 730)], account: "1002003007/0300", companyID: "27604977", street: "Palackého 15, Brno"),
        employee("Adam", "Jelínek", "adam.jelinek", "Illustrator", team: "Design", .dpc, capacity: 150, rate: 280, raises: [(6, 300)]),
        // Provoz (operations).
        employee("Pavel", "Růžička", "pavel.ruzicka", "Head of operations", team: "Provoz", leads: true, .hpp, rate: 560,
                 raises: [(12, 590), (1, 620)]),
        employee("Veronika", "Benešová", "veronika.benesova", "Office assistant", team: "Provoz", .hpp, rate: 310, raises: [(6, 330)]),
        contractor("Lukáš", "Fiala", "lukas.fiala", "IT support", team: "Provoz", capacity: 200, since: 14, rate: 520,
                   raises: [(2, 560)], account: "2900123451/2010", companyID: "25063677", street: "Tř. Svobody 20, Olomouc"),
        employee("Michaela", "Sedláčková", "michaela.sedlackova", "Receptionist", team: "Provoz", .dpp, capacity: 80, rate: 200,
                 raises: [(5, 210)]),
        employee("Jiří", "Doležal", "jiri.dolezal", "Facility manager", team: "Provoz", .hpp, capacity: 200, rate: 350, raises: []),
        // Obchod (sales).
        employee("Markéta", "Zemanová", "marketa.zemanova", "Head of sales", team: "Obchod", leads: true, .hpp, rate: 600,
                 raises: [(12, 640), (6, 660)]),
        contractor("David", "Kolář", "david.kolar", "Account manager", team: "Obchod", rate: 640,
                   raises: [(10, 680), (4, 700)], account: "1020304057/0100", companyID: "26441381", street: "Žižkova 5, Jihlava"),
        employee("Alena", "Navrátilová", "alena.navratilova", "Sales assistant", team: "Obchod", .hpp, capacity: 300, rate: 330,
                 raises: [(6, 350)]),
        contractor("Filip", "Čermák", "filip.cermak", "Business developer", team: "Obchod", since: 6, rate: 700,
                   raises: [], account: "2700987669/2700", companyID: "28197038", street: "Pražská 18, Hradec Králové"),
        employee("Simona", "Urbanová", "simona.urbanova", "Copywriter", team: "Obchod", .dpc, capacity: 100, rate: 300, raises: [(9, 320)]),
        Hire(first: "Roman", last: "Vaněk", title: "", email: "roman.vanek@acme.example", position: "Account manager",
             team: "Obchod", leads: false, contract: .ico, capacityTenths: 400, startMonthsAgo: 18, leftMonthsAgo: 3,
             rate: 620, raises: [(10, 650)], account: "1101234572/0800", companyID: "27082440", street: "Nerudova 2, Praha 1"),
        // Nobody's team: the accountant.
        employee("Hana", "Blažková", "hana.blazkova", "Accountant", team: nil, .hpp, capacity: 300, rate: 480, raises: [(12, 500)],
                 title: "Ing."),
    ]

    private static func contractor(
        _ first: String, _ last: String, _ local: String, _ position: String, team: String?, leads: Bool = false,
        capacity: Int = 400, since: Int = 18, rate: Int64, raises: [(Int, Int64)],
        account: String, companyID: String, street: String
    ) -> Hire {
        Hire(first: first, last: last, title: "", email: local + "@acme.example", position: position, team: team,
             leads: leads, contract: .ico, capacityTenths: capacity, startMonthsAgo: since, leftMonthsAgo: nil, rate: rate,
             raises: raises.map { (monthsAgo: $0.0, czk: $0.1) }, account: account, companyID: companyID, street: street)
    }

    private static func employee(
        _ first: String, _ last: String, _ local: String, _ position: String, team: String?, leads: Bool = false,
        _ kind: ContractKind, capacity: Int = 400, since: Int = 18, rate: Int64, raises: [(Int, Int64)], title: String = ""
    ) -> Hire {
        Hire(first: first, last: last, title: title, email: local + "@acme.example", position: position, team: team,
             leads: leads, contract: kind, capacityTenths: capacity, startMonthsAgo: since, leftMonthsAgo: nil, rate: rate,
             raises: raises.map { (monthsAgo: $0.0, czk: $0.1) }, account: nil, companyID: nil, street: nil)
    }
}

extension DemoStaff.Hire {
    var roles: Set<Role> { leads ? [.employee, .teamLeader] : [.employee] }

    /// The contract, dated from `current` (the month the demo is loaded in).
    func contract(current: Month) -> Contract {
        Contract(id: UUID(), kind: contract, validFrom: current.adding(months: -startMonthsAgo).first,
                 validTo: leftMonthsAgo.map { current.adding(months: -$0).last }, capacityTenths: capacityTenths)
    }

    /// The rate history, dated from `current`; raises after a leaver left are not theirs.
    func rates(current: Month, currency: String) -> [Rate] {
        let start = Rate(effectiveFrom: current.adding(months: -startMonthsAgo).first, amountMinor: rate * 100, currency: currency)
        return [start] + raises.filter { raise in leftMonthsAgo.map { raise.monthsAgo > $0 } ?? true }.map {
            Rate(effectiveFrom: current.adding(months: -$0.monthsAgo).first, amountMinor: $0.czk * 100, currency: currency)
        }
    }
}
