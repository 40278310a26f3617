/// The length of a text as the tables' CHECK constraints bound it.
///
/// PostgreSQL's `length()` counts Unicode code points; Swift's `count` counts grapheme clusters,
/// and one cluster may hold any number of combining marks. A name of 30 visible letters can
/// be 300 code points long: a rule that counted clusters would accept it and the database
/// would refuse it, an error the visitor would see as a failed request. Every rule that bounds
/// a text Roster stores counts with `storedLength` (docs/ARCHITECTURE.md, "Text rules").
extension StringProtocol {
    /// Unicode code points, as PostgreSQL's `length()` counts them.
    var storedLength: Int { unicodeScalars.count }
}

extension String {
    /// At most `count` Unicode code points (as PostgreSQL's `length` counts them; a `Character`
    /// may hold several).
    func scalarPrefix(_ count: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: unicodeScalars.prefix(count))
        return String(view)
    }
}
