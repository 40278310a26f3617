import App
import Logging
import Vapor

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
do {
    try await configure(app, settings: try AppSettings.fromEnvironment(environment))
    try await app.execute()
} catch {
    app.logger.critical("\(error)")
    try? await app.asyncShutdown()
    exit(1)
}
try await app.asyncShutdown()
