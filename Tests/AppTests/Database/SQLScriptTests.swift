import Testing
@testable import App

@Suite struct SQLScriptTests {
    @Test func splitsAtTopLevelSemicolons() {
        #expect(SQLScript.statements("SELECT 1; SELECT 2;\n\nSELECT 3") == ["SELECT 1", "SELECT 2", "SELECT 3"])
    }

    @Test func keepsSemicolonsInsideStringsAndIdentifiers() {
        let script = "INSERT INTO t VALUES ('a;b', 'it''s;'); SELECT \"odd;name\" FROM t;"
        #expect(SQLScript.statements(script) == [
            "INSERT INTO t VALUES ('a;b', 'it''s;')",
            "SELECT \"odd;name\" FROM t",
        ])
    }

    @Test func keepsDollarQuotedBodiesWhole() {
        let script = """
            CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $body$ BEGIN RETURN 1; END $body$;
            CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $$ SELECT 'x;y' $$;
            """
        let statements = SQLScript.statements(script)
        #expect(statements.count == 2)
        #expect(statements[0].hasSuffix("$body$ BEGIN RETURN 1; END $body$"))
        #expect(statements[1].contains("'x;y'"))
    }

    @Test func dropsCommentsAndEmptyStatements() {
        let script = """
            -- a comment; with a semicolon
            /* block; /* nested; */ still comment */
            SELECT 1; ;
            -- trailing
            """
        #expect(SQLScript.statements(script) == ["SELECT 1"])
    }

    @Test func positionalParametersAreNotDollarQuotes() {
        #expect(SQLScript.statements("SELECT $1; SELECT 2") == ["SELECT $1", "SELECT 2"])
    }
}
