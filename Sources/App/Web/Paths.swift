/// Every page address, in one typed place; templates get ready-made URLs from here.
public enum Paths {
    public static func tenant(_ slug: String) -> String { "/t/\(slug)" }
    public static func home(_ slug: String) -> String { "/t/\(slug)/" }
    public static func login(_ slug: String) -> String { "/t/\(slug)/login" }
    public static func signInLink(_ slug: String, token: String) -> String { "/t/\(slug)/login/\(token)" }
    public static func logout(_ slug: String) -> String { "/t/\(slug)/logout" }
    public static func language(_ slug: String) -> String { "/t/\(slug)/language" }
    public static func preferences(_ slug: String) -> String { "/t/\(slug)/preferences" }
    public static func company(_ slug: String) -> String { "/t/\(slug)/admin/company" }
}
