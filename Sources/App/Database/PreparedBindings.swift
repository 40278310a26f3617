import PostgresNIO

extension PostgresBindings {
    /// The bindings of a prepared statement, in the order of its `$n`:
    /// `PostgresBindings.of(tenant, month.first.iso)`.
    public static func of<each Value: PostgresNonThrowingEncodable>(_ value: repeat each Value) -> PostgresBindings {
        var bindings = PostgresBindings()
        repeat bindings.append(each value)
        return bindings
    }
}
