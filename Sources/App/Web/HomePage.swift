/// The page everyone lands on after signing in: a greeting, what needs the person now (from
/// `HomeAgenda`), one's roles, and a card for each place the menu offers (other than home itself).
struct HomePage: HTMLPage {
    struct Card: Equatable {
        let title: String
        let text: String
        let href: String
    }

    /// One thing that needs the person, with the link that does it.
    struct Due: Equatable {
        let text: String
        let action: String
        let href: String
    }

    let layout: Layout
    let greeting: String
    let roles: String
    let due: [Due]
    let cards: [Card]
    let t: Translator

    /// The cards follow `layout.nav`, the menu the viewer's roles allow.
    init(layout: Layout, slug: String, user: User, agenda: HomeAgenda, t: Translator) {
        self.layout = layout
        self.t = t
        greeting = t("home.greeting", user.firstName)
        roles = user.roles.sorted().map { t("role.\($0.rawValue)") }.joined(separator: ", ")
        due = Self.due(agenda, slug: slug, t: t)
        cards = layout.nav.filter { $0.href != Paths.home(slug) }.map { item in
            Card(title: item.label, text: t("home.card.\(item.key)"), href: item.href)
        }
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(greeting)</h1>
            <section class="agenda" aria-labelledby="agenda-title">
            <h2 id="agenda-title">\(t("home.due.title"))</h2>

            """
        if due.isEmpty {
            html.append("<p class=\"empty\">\(t("home.due.nothing"))</p>\n")
        } else {
            let items = due.map { item -> HTML in
                "  <li><span>\(item.text)</span> <a class=\"button primary\" href=\"\(item.href)\">\(item.action)</a></li>\n"
            }
            html.append("<ul class=\"due\">\n\(items.joined())</ul>\n")
        }
        html.append("""
            </section>
            <p class="muted">\(t("home.roles", roles))</p>

            """)
        if cards.isEmpty {
            html.append("<p class=\"empty\">\(t("home.empty"))</p>\n")
        } else {
            let items = cards.map { card -> HTML in
                "  <li class=\"card\"><a href=\"\(card.href)\"><strong>\(card.title)</strong><span>\(card.text)</span></a></li>\n"
            }
            html.append("<ul class=\"cards\">\n\(items.joined())</ul>\n")
        }
        return html
    }

    /// The agenda as sentences with links, most pressing first.
    static func due(_ agenda: HomeAgenda, slug: String, t: Translator) -> [Due] {
        var due: [Due] = []
        for (id, month) in agenda.returned {
            due.append(Due(text: t("home.due.returned", t.month(month)), action: t("home.due.returnedAction"),
                           href: Paths.invoice(slug, id)))
        }
        for month in agenda.missingMonths {
            due.append(Due(text: t("home.due.missing", t.month(month)), action: t("home.due.upload"),
                           href: Paths.uploadInvoice(slug, month: month)))
        }
        if agenda.toReview > 0, let month = agenda.oldestToReview {
            due.append(Due(text: t("home.due.toReview", String(agenda.toReview)), action: t("home.due.review"),
                           href: Paths.reviewDesk(slug, month: month, state: .submitted)))
        }
        if agenda.missingLastMonth > 0, let month = agenda.missingMonthsBase {
            due.append(Due(text: t("home.due.missingOthers", String(agenda.missingLastMonth), t.month(month)),
                           action: t("home.due.missingAction"), href: Paths.reviewMissing(slug, month: month)))
        }
        if agenda.toPay > 0, let month = agenda.oldestToPay {
            due.append(Due(text: t("home.due.toPay", String(agenda.toPay)), action: t("home.due.pay"),
                           href: Paths.reviewDesk(slug, month: month, state: .approved)))
        }
        if agenda.proposals > 0, let person = agenda.firstProposalBy {
            due.append(Due(text: t("home.due.proposals", String(agenda.proposals)), action: t("home.due.proposalsAction"),
                           href: Paths.person(slug, person) + "#supplier"))
        }
        if agenda.ownWaiting > 0 {
            due.append(Due(text: t("home.due.ownWaiting", String(agenda.ownWaiting)), action: t("home.due.ownWaitingAction"),
                           href: Paths.people(slug)))
        }
        if let rate = agenda.upcomingRate {
            due.append(Due(text: t("home.due.upcomingRate", t.money(minor: rate.amountMinor, currency: rate.currency), rate.from.iso),
                           action: t("home.due.earnings"), href: Paths.earnings(slug)))
        }
        return due
    }
}
