import CPoppler
import Foundation
import PDFInspection

// roster-pdf [--max-pages N]
//
// Reads one PDF on stdin and writes one `InspectionReport` as JSON on stdout. It is meant to
// be started by the server for every upload, under resource limits and a timeout: whatever a
// crafted file makes Poppler do happens in this short-lived process, not in the server.

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func finish(_ report: InspectionReport) -> Never {
    let encoder = JSONEncoder()
    guard let json = try? encoder.encode(report) else { exit(2) }
    FileHandle.standardOutput.write(json)
    exit(0)
}

let maxPages = argument("--max-pages").flatMap(Int.init) ?? PDFLimits.maxPages
let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())

guard InspectionReport.hasPDFHeader(input) else { finish(InspectionReport(verdict: .notPDF)) }

var error: UnsafeMutablePointer<GError>?
let bytes = input.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
let document = poppler_document_new_from_bytes(bytes, nil, &error)
g_bytes_unref(bytes)
guard let document else {
    let encrypted = error.map { $0.pointee.domain == poppler_error_quark() && $0.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) } ?? false
    finish(InspectionReport(verdict: encrypted ? .passwordProtected : .unreadable))
}
if InspectionReport.declaresEncryption(input) { finish(InspectionReport(verdict: .encrypted)) }

let pageCount = Int(poppler_document_get_n_pages(document))
guard (1...maxPages).contains(pageCount) else { finish(InspectionReport(verdict: .pageCount, pages: pageCount)) }

/// The page's text with spaces where words sit apart (see `TextSpacing`).
func spacedText(_ raw: String, page: OpaquePointer) -> String {
    var rectangles: UnsafeMutablePointer<PopplerRectangle>?
    var count: guint = 0
    guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return raw }
    defer { g_free(rectangles) }
    let boxes = (0..<Int(count)).map {
        TextSpacing.Box(x1: rectangles[$0].x1, y1: rectangles[$0].y1, x2: rectangles[$0].x2, y2: rectangles[$0].y2)
    }
    return TextSpacing.spaced(Array(raw.unicodeScalars), boxes: boxes)
}

var text = ""
for index in 0..<pageCount {
    guard let page = poppler_document_get_page(document, Int32(index)) else {
        finish(InspectionReport(verdict: .unreadable, pages: pageCount))
    }
    if let raw = poppler_page_get_text(page) {
        if index > 0 { text += "\u{0C}" }
        text += spacedText(String(cString: raw), page: page)
        g_free(raw)
    }
    g_object_unref(UnsafeMutableRawPointer(page))
    if text.utf8.count > InspectionReport.maxTextBytes { break }
}
if text.utf8.count > InspectionReport.maxTextBytes {
    text = String(decoding: text.utf8.prefix(InspectionReport.maxTextBytes), as: UTF8.self)
}

/// The PNG bytes cairo writes, collected through its stream callback.
final class PNGBuffer {
    var data = Data()
}

func thumbnail(of document: OpaquePointer) -> Data? {
    guard let page = poppler_document_get_page(document, 0) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(page)) }
    var width = 0.0, height = 0.0
    poppler_page_get_size(page, &width, &height)
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
    let scale = min(InspectionReport.thumbnailWidth / width, InspectionReport.thumbnailMaxHeight / height)
    let pixelsWide = max(1, Int32((width * scale).rounded())), pixelsHigh = max(1, Int32((height * scale).rounded()))
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelsWide, pixelsHigh) else { return nil }
    defer { cairo_surface_destroy(surface) }
    guard let context = cairo_create(surface) else { return nil }
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_scale(context, scale, scale)
    poppler_page_render(page, context)
    cairo_destroy(context)
    let buffer = PNGBuffer()
    let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<PNGBuffer>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(buffer).toOpaque())
    return status == CAIRO_STATUS_SUCCESS ? buffer.data : nil
}

let png = thumbnail(of: document)
g_object_unref(UnsafeMutableRawPointer(document))
finish(InspectionReport(verdict: .ok, pages: pageCount, text: text, thumbnailPNG: png))
