/// The limits of an invoice's PDF, written once: the server's defaults (`AppSettings`, which
/// `ROSTER_PDF_MAX_BYTES` and `ROSTER_PDF_MAX_PAGES` may lower or raise), the inspector's page
/// limit when it is run without one, and what the upload form says.
public enum PDFLimits {
    /// The largest file an upload takes: 10 MB.
    public static let maxBytes = 10 << 20
    /// The most pages an invoice may have.
    public static let maxPages = 20
}
