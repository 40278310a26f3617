import Foundation
import Testing
@testable import App

/// Direction overrides and control characters are refused where text is first read (forms,
/// query strings, JSON bodies, multipart fields and file names), as U+0000 is: they are invisible
/// and can make a name or a file name look like another.
@Suite struct HiddenCharacterTests {
    @Test func theRuleAndItsReaders() {
        for value: UInt32 in [0x202A, 0x202E, 0x2066, 0x2069, 0x01, 0x1B, 0x7F, 0x85, 0x9F] {
            #expect(FormText.isHidden(Unicode.Scalar(value)!), "\(value)")
        }
        for scalar in ["\t", "\n", "\r", "a", "ř", "\u{05D0}", "\u{200F}", " "] as [Unicode.Scalar] {
            #expect(!FormText.isHidden(scalar), "\(scalar.value)")
        }
        #expect(FormText.fieldWithHidden(urlEncoded: "name=Eva%E2%80%AEfdp.exe&x=1") == "name")
        #expect(FormText.fieldWithHidden(urlEncoded: "a=1&note=line%0Aline&b=%C5%99") == nil)
        #expect(FormText.fieldWithHidden(urlEncoded: "a=%1B%5B31m") == "a")
        #expect(FormText.jsonFieldWithHidden(Data(#"{"a":{"b":["ok","x\u202ey"]}}"#.utf8)) == "a.b[1]")
        #expect(FormText.jsonFieldWithHidden(Data("{\"name\":\"x\u{2067}y\"}".utf8)) == "name")
        #expect(FormText.jsonFieldWithHidden(Data(#"{"note":"a\tb\nc","name":"Dvořáková"}"#.utf8)) == nil)
        #expect(FormText.jsonFieldWithHidden(Data("not json \u{202E}".utf8)) == nil)
    }

    @Test func formsTheAPIAndUploadsRefuseThem() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let company = try await admin.get("/t/acme/admin/company")
            let renamed = try await admin.post("/t/acme/admin/company", form: ["name": "Acme \u{202E}gnp.exe"], csrfFrom: company)
            #expect(renamed.status == .unprocessableEntity && renamed.body.contains("invisible control character"))
            let search = try await admin.get("/t/acme/people?q=%E2%80%AE")
            #expect(search.status == .unprocessableEntity)
            let api = try await APIClient.signIn(world, world.admin)
            let eva = "/people/\(world.employee.id.lowercasedString)"
            let put = try await api.send(.PUT, eva, json: #"{"firstName":"Eva","lastName":"Dvo\u202eřáková","email":"\#(world.employee.email)","roles":["employee"]}"#)
            #expect(put.status == .unprocessableEntity && put.isProblem)
            var employee = try await world.signedIn(world.employee)
            let form = try await employee.get(Paths.uploadInvoice("acme"))
            let upload = try await employee.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"],
                                                     file: TestPDF.invoice(["Faktura"]), filename: "faktura\u{202E}fdp.exe", csrfFrom: form)
            #expect(upload.status == .unprocessableEntity && upload.body.contains("invisible control character"))
        }
    }
}
