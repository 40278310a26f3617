/// The page that says why a sign-in (a link, the identity provider, an app's request) did not
/// work, with the way back; `Views/sign-in-problem.leaf` prints it.
struct SignInProblemPage: Encodable {
    let layout: Layout
    let heading: String
    let message: String
    let loginURL: String
}
