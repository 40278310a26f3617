import Foundation

/// Reads a POSIX ustar archive entry by entry, strictly: it is the operator's file, but it may
/// have been damaged, cut short or made to harm. Only regular files are accepted (no links,
/// directories, devices or extended headers); every header's checksum, magic and octal fields
/// are checked; an entry is read only up to the size its caller allows for its name; a name is
/// never used as a path on disk. Anything else ends the reading with a message that says what.
final class TarReader {
    struct Entry: Equatable {
        let name: String
        let size: Int
    }

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEOF = false
    private var pending: Entry?
    private(set) var finished = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next entry's header, or nil at the archive's end (two zero blocks, then only zeros).
    /// The entry's content must be read (`content`) before the next header.
    func next() throws -> Entry? {
        if let pending { throw TarError("the content of \(pending.name) was not read") }
        if finished { return nil }
        let block = try read(TarWriter.block, while: "reading an entry's header")
        if block.allSatisfy({ $0 == 0 }) {
            let second = try read(TarWriter.block, while: "reading the end of the archive")
            guard second.allSatisfy({ $0 == 0 }) else { throw TarError("a single zero block stands where the archive should end") }
            while let rest = try readSome(), !rest.isEmpty {
                guard rest.allSatisfy({ $0 == 0 }) else { throw TarError("there are bytes after the end of the archive") }
            }
            finished = true
            return nil
        }
        let entry = try Self.parse(header: block)
        pending = entry
        return entry
    }

    /// The content of the entry `next` returned, refused when larger than `limit`.
    func content(limit: Int) throws -> Data {
        guard let entry = pending else { throw TarError("no entry to read") }
        guard entry.size <= limit else {
            throw TarError("\(entry.name) has \(entry.size) bytes, more than the \(limit) an entry of its kind may have")
        }
        let data = Data(try read(entry.size, while: "reading \(entry.name)"))
        let padding = (TarWriter.block - entry.size % TarWriter.block) % TarWriter.block
        _ = try read(padding, while: "reading \(entry.name)")
        pending = nil
        return data
    }

    /// Checks one header block; pure.
    static func parse(header block: [UInt8]) throws -> Entry {
        guard block.count == TarWriter.block else { throw TarError("a header block is not 512 bytes") }
        guard let stored = octal(block[148..<156]) else { throw TarError("a header's checksum is not an octal number") }
        let sum = block.enumerated().reduce(0) { $0 + (148..<156 ~= $1.offset ? 0x20 : Int($1.element)) }
        guard stored == sum else { throw TarError("a header's checksum is wrong (the archive is damaged or not a tar file)") }
        guard Array(block[257..<263]) == Array("ustar".utf8) + [0], Array(block[263..<265]) == Array("00".utf8) else {
            throw TarError("a header is not a POSIX ustar header")
        }
        let nameBytes = Array(block[0..<100].prefix { $0 != 0 })
        guard let name = String(validating: nameBytes, as: UTF8.self), !name.isEmpty else {
            throw TarError("an entry's name is empty or not UTF-8")
        }
        guard block[345] == 0 else { throw TarError("\(name) has a name prefix, which these archives never use") }
        let type = block[156]
        guard type == UInt8(ascii: "0") || type == 0 else {
            throw TarError("\(name) is not a regular file (type \(Character(Unicode.Scalar(type))))")
        }
        guard let size = octal(block[124..<136]), size < 1 << 33 else { throw TarError("\(name) has an invalid size field") }
        return Entry(name: name, size: size)
    }

    /// An octal field: digits, then NULs or spaces; leading spaces allowed. Nil for anything else
    /// (base-256 sizes too).
    static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        var bytes = field.drop { $0 == 0x20 }
        while let last = bytes.last, last == 0 || last == 0x20 { bytes = bytes.dropLast() }
        guard !bytes.isEmpty, bytes.count <= 12, bytes.allSatisfy({ (0x30...0x37).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 8 + Int($1 - 0x30) }
    }

    private func read(_ count: Int, while doing: String) throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            if position == buffer.count {
                guard let more = try readSome(), !more.isEmpty else {
                    throw TarError("the archive ends early, while \(doing) (is it cut short?)")
                }
                buffer = more
                position = 0
            }
            let take = min(count - result.count, buffer.count - position)
            result.append(contentsOf: buffer[position..<position + take])
            position += take
        }
        return result
    }

    /// What is left of the buffer, else the next bytes of the file; nil at its end.
    private func readSome() throws -> [UInt8]? {
        if position < buffer.count {
            defer { buffer = []; position = 0 }
            return Array(buffer[position...])
        }
        if atEOF { return nil }
        guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else {
            atEOF = true
            return nil
        }
        return [UInt8](data)
    }
}

/// What is wrong with an archive.
struct TarError: Error, CustomStringConvertible {
    let description: String
    init(_ what: String) { description = "The archive is not valid: \(what)." }
}
