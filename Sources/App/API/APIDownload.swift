import Vapor

/// A file the API answers with: its `Content-Disposition` as RFC 6266 says (`ContentDisposition`).
/// The generated response writes header values percent-encoded (`attachment%3B%20filename…`), so
/// the operation hands it the value and keeps the file's name with the request, and
/// `APIRequestMiddleware` writes the header itself once the operation has answered.
enum APIDownload {
    private struct NameKey: StorageKey { typealias Value = String }

    /// The disposition of `name`, for the generated response; the header itself follows.
    static func disposition(_ name: String) -> String {
        APIRequest.current?.storage[NameKey.self] = name
        return ContentDisposition.attachment(name)
    }

    /// Writes the download's header on `response` when the operation named a file.
    static func finish(_ response: Response, for request: Request) {
        guard let name = request.storage[NameKey.self] else { return }
        response.headers.replaceOrAdd(name: .contentDisposition, value: ContentDisposition.attachment(name))
    }
}
