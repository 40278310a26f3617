// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Roster",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "Roster", targets: ["Roster"]),
        .executable(name: "roster-pdf", targets: ["RosterPDF"]),
        .executable(name: "roster-fortunes", targets: ["BenchFortunes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // Only the yardstick of bench/pages prints with Leaf (as TechEmpower's Vapor "Fortunes" does).
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/vapor/swift-openapi-vapor.git", from: "1.2.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIVapor", package: "swift-openapi-vapor"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                "PDFInspection",
                "CXLSXWriter",
            ],
            // The API's OpenAPI document and generator settings (scripts/generate-api).
            exclude: ["API/openapi.yaml", "API/openapi-generator-config.yaml"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "Roster",
            dependencies: ["App"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What the PDF inspector reports, shared by the inspector and the server.
        .target(
            name: "PDFInspection",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // libpoppler-glib and cairo, used by the inspector only: the server never links them.
        .systemLibrary(
            name: "CPoppler",
            pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]
        ),
        // libxlsxwriter: the XLSX exports (docs/ARCHITECTURE.md, Exports).
        .systemLibrary(
            name: "CXLSXWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        // `roster-pdf`: reads a PDF on stdin, writes an `InspectionReport` as JSON on stdout.
        .executableTarget(
            name: "RosterPDF",
            dependencies: ["CPoppler", "PDFInspection"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // `roster-fortunes`: the stack's ceiling for bench/pages (TechEmpower's "Fortunes" page on
        // Vapor, Leaf and PostgresNIO, unchanged so that its figures compare across runs).
        .executableTarget(
            name: "BenchFortunes",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App",
                "PDFInspection",
                .product(name: "XCTVapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
