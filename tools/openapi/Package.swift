// swift-tools-version:6.0
// The OpenAPI generator, kept out of Roster's own package: scripts/generate-api builds it and
// writes Sources/App/API/Generated from Sources/App/API/openapi.yaml, and scripts/test checks
// that what is committed is what it writes (docs/ARCHITECTURE.md, "The API").
import PackageDescription

let package = Package(
    name: "RosterOpenAPITools",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", exact: "1.14.3"),
    ],
    targets: []
)
