import Testing
@testable import App

@Suite struct BankAccountTests {
    @Test func storedAccountsReadBackAsTheyWereChecked() {
        for text in ["19-2000145399/0800", "2000145399/0800", "000019-2000145399/0800", "2000145399 / 0800"] {
            let account = CzechAccount(text)!
            #expect(CzechAccount(stored: account.description) == account)
            #expect(IBAN(stored: account.iban.value) == account.iban)
        }
    }

    @Test func czechAccountsPassTheirChecksums() throws {
        let account = try #require(CzechAccount("19-2000145399/0800"))
        #expect(account.description == "19-2000145399/0800")
        #expect(account.iban.value == "CZ6508000000192000145399")
        #expect(account.iban.description == "CZ65 0800 0000 1920 0014 5399")
        #expect(CzechAccount("19 - 2000145399 / 0800") == account)
        #expect(CzechAccount("2000145399/0800")?.prefix == "")
        #expect(CzechAccount("19-2000145398/0800") == nil, "number checksum")
        #expect(CzechAccount("18-2000145399/0800") == nil, "prefix checksum")
        #expect(CzechAccount("2000145399/080") == nil)
        #expect(CzechAccount("0000000000/0800") == nil)
        #expect(CzechAccount("1234567-2000145399/0800") == nil)
    }

    @Test func ibansPassMod97() throws {
        let iban = try #require(IBAN("cz65 0800 0000 1920 0014 5399"))
        #expect(iban.value == "CZ6508000000192000145399")
        #expect(iban.czechAccount?.description == "19-2000145399/0800")
        #expect(IBAN("CZ6608000000192000145399") == nil)
        #expect(IBAN("CZ650800000019200014539") == nil, "a Czech IBAN has 24 characters")
        #expect(IBAN("DE89 3704 0044 0532 0130 00") != nil)
        #expect(IBAN("DE89 3704 0044 0532 0130 01") == nil)
    }

    @Test func companyIDsPassMod11() {
        #expect(CompanyID.isValid("25596641"))
        #expect(CompanyID.isValid("27082440"))
        #expect(CompanyID.isValid("45317054"))
        #expect(!CompanyID.isValid("12345678"))
        #expect(!CompanyID.isValid("2559664"))
        #expect(!CompanyID.isValid("2559664a"))
    }
}
