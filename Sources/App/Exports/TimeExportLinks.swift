import Foundation

extension PagePieces {
    /// "Download: CSV · XLSX · Clockify · Toggl", worked time with the given filters
    /// (`TimeExportRoutes`); `label` says whose time it is.
    static func timeDownloads(_ slug: String, _ query: TimeExportQuery, label: String, t: Translator) -> HTML {
        let links = TimeExportFormat.allCases.map { format -> HTML in
            "<a href=\"\(Paths.timeExport(slug, format: format, query: query))\" download>\(t("export.format.\(format.rawValue)"))</a>"
        }
        return """
            <p class="downloads">\(label) \(links.joined(separator: " · "))</p>

            """
    }
}
