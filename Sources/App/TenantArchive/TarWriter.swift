import Foundation

/// Writes a POSIX ustar archive entry by entry to a file: each entry goes out when it is added,
/// so the archive is never held in memory. Only regular files, with names of at most 100 bytes.
final class TarWriter {
    static let block = 512
    private let handle: FileHandle
    private let modified: Int
    private(set) var bytesWritten: Int64 = 0

    init(handle: FileHandle, modified: Date) {
        self.handle = handle
        self.modified = max(0, Int(modified.timeIntervalSince1970))
    }

    func add(_ name: String, _ content: Data) throws {
        try handle.write(contentsOf: Self.header(name: name, size: content.count, modified: modified))
        try handle.write(contentsOf: content)
        let padding = (Self.block - content.count % Self.block) % Self.block
        if padding > 0 { try handle.write(contentsOf: Data(count: padding)) }
        bytesWritten += Int64(Self.block + content.count + padding)
    }

    /// The end of the archive: two blocks of zeros.
    func finish() throws {
        try handle.write(contentsOf: Data(count: 2 * Self.block))
        bytesWritten += Int64(2 * Self.block)
    }

    /// The 512-byte ustar header of a regular file (mode 0600, owner 0), pure.
    static func header(name: String, size: Int, modified: Int) throws -> [UInt8] {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 100, !nameBytes.contains(0) else {
            throw OperatorCommands.Failure("The archive entry name \"\(name)\" is empty or longer than 100 bytes.")
        }
        guard size >= 0, size < 1 << 33 else { throw OperatorCommands.Failure("The archive entry \(name) is too large.") }
        var header = [UInt8](repeating: 0, count: block)
        func put(_ bytes: [UInt8], at offset: Int) { header.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: width - 1 - digits.count) + digits).utf8) + [0]
        }
        put(nameBytes, at: 0)
        put(octal(0o600, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(modified, width: 12), at: 136)
        put(Array(repeating: 0x20, count: 8), at: 148)
        header[156] = UInt8(ascii: "0")
        put(Array("ustar".utf8) + [0], at: 257)
        put(Array("00".utf8), at: 263)
        let checksum = header.reduce(0) { $0 + Int($1) }
        put(octal(checksum, width: 7) + [0x20], at: 148)
        return header
    }
}
