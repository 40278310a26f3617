/// `/`: Roster itself has no company; the page tells people where their company lives.
struct LandingPage: HTMLPage {
    let layout: Layout
    /// A company's address, as an example.
    let example: String
    let t: Translator

    var body: HTML {
        """
        <section class="narrow">
        <h1>Roster</h1>
        <p>\(t("landing.intro"))</p>
        <p class="muted">\(t("landing.address"))</p>
        <p><code>\(example)</code></p>
        </section>

        """
    }
}
