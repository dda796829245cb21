import Foundation
import Testing
@testable import Tally

@Suite("The theme's scripts and stylesheets are minified without changing what they do")
struct AssetMinifierTests {
    private func script(_ text: String) -> String { AssetMinifier.script(text) }

    @Test("comments and the spaces between tokens that need none go; strings and regular expressions stay as written")
    func spacesAndComments() {
        let source = "/* header */\nvar total = 1 + 2; // note\nvar text = 'a  b // c /* d */';\nvar pattern = /[ /]+ x\\/y/g;\n"
        #expect(script(source) == "var total=1+2;var text='a  b // c /* d */';var pattern=/[ /]+ x\\/y/g;\n")
    }

    @Test("a space stays where two tokens would merge into another")
    func mergingTokens() {
        #expect(script("x = a + +b; y = a - -b; z = a / /re/.source.length; typeof q\n") ==
                "x=a+ +b;y=a- -b;z=a/ /re/.source.length;typeof q\n")
        #expect(script("n = 1 .toString(); m = v < !w;\n") == "n=1 .toString();m=v< !w;\n")
    }

    @Test("a line break stays wherever automatic semicolon insertion may read it")
    func lineBreaks() {
        // After a value and before a value, `++`, or `(`, the break can end a statement: kept.
        #expect(script("a = b\nc = d\n") == "a=b\nc=d\n")
        #expect(script("a = b\n++c\n") == "a=b\n++c\n")
        #expect(script("function f() {\n  return\n  x;\n}\n") == "function f(){return\nx}\n")
        // After `{ ; , (` or before `} )` it cannot: gone.
        #expect(script("if (a) {\n  b();\n}\nf(1,\n  2\n);\n") == "if(a){b()}\nf(1,2);\n")
    }

    @Test("a `;` before `}` goes unless it is an empty statement")
    func semicolonBeforeBrace() {
        #expect(script("function f() { g(); }") == "function f(){g()}\n")
        #expect(script("function f() { if (a); }") == "function f(){if(a);}\n")
        #expect(script("function f() { while (a()); }") == "function f(){while(a());}\n")
    }

    @Test("a script the scanner cannot follow is left exactly as it is")
    func unreadableUnchanged() {
        let template = "var a = `x\n  y`;\n"
        #expect(script(template) == template)
        let open = "var a = 'no end\nvar b = 2;\n"
        #expect(script(open) == open)
        let unclosed = "var a = 1; /* no end\n"
        #expect(script(unclosed) == unclosed)
    }

    @Test("local names shrink; globals, properties and object keys keep theirs")
    func localNamesShrink() {
        let source = """
            (function () {
              var counter = document.title.length;
              function describe(value) { return { counter: value, label: 'count ' + value }; }
              window.counter = describe(counter).counter;
            }());
            """
        // `describe` uses no outer name, so its parameter may take the first name again.
        #expect(script(source) == "(function(){var a=document.title.length;function b(a){return{counter:a,label:'count '+a}}\n" +
                "window.counter=b(a).counter}());\n")
    }

    @Test("a name used anywhere as a global, or declared at the top level, is never renamed")
    func globalsKept() {
        let source = "(function () { var location = 1; var status = location; }());\nfunction show() { return location.href; }\nvar shared = 2;\n"
        let result = script(source)
        #expect(result.contains("var location=1") && result.contains("return location.href"))
        #expect(result.contains("function show()") && result.contains("var shared=2"))
        #expect(result.contains("var a=location"), "status is only local")
    }

    @Test("an inner name never hides an outer one it uses")
    func noCapture() {
        // `value` cannot become `a`, which `inner` reads; it may become `b`, which `inner` does not.
        let source = "(function () { var outer = 1; function inner(value) { return outer + value; } inner(outer); }());"
        #expect(script(source) == "(function(){var a=1;function b(b){return a+b}b(a)}());\n")
    }

    @Test("scripts with ES2015 scoping, eval or with keep every name")
    func unsupportedKeepNames() {
        #expect(script("(function () { let counter = 1; f(counter); }());") == "(function(){let counter=1;f(counter)}());\n")
        #expect(script("(function () { var counter = 1; eval('counter'); }());") == "(function(){var counter=1;eval('counter')}());\n")
        #expect(script("(function () { var x = (a) => a; }());") == "(function(){var x=(a)=>a}());\n")
    }

    @Test("object shorthand, methods and computed keys keep every name")
    func objectShorthand() {
        #expect(script("(function () { var count = 1; f({ count }); }());") == "(function(){var count=1;f({count})}());\n")
        #expect(script("(function () { var count = 1; f({ count() { return 1; } }); }());").contains("var count=1"))
        #expect(script("(function () { var count = 1; f({ [count]: 1 }); }());").contains("var count=1"))
        // A block is not an object literal: its names still shrink.
        #expect(script("(function () { var count = 1; if (count) { count; } }());") == "(function(){var a=1;if(a){a}}());\n")
    }

    @Test("a `/` after a property named like a keyword divides; after an if condition it opens a regular expression")
    func slashAfterKeywords() {
        #expect(script("x = map.delete / 2 / y;\n") == "x=map.delete/2/y;\n")
        #expect(script("if (a) /a b/.test(s);\n") == "if(a)/a b/.test(s);\n")
    }

    @Test("a var list that a line break may end keeps every name")
    func unsureVarKeepsNames() {
        #expect(script("(function () { var first = 1\n  second = 2, third = 3; }());") == "(function(){var first=1\nsecond=2,third=3}());\n")
    }

    @Test("stylesheets lose comments, needless spaces, the last `;` of a rule and leading zeros")
    func stylesheet() {
        let source = "/* theme */\n.a > .b ,\n.c:hover {\n  margin: 0.5rem 0.25rem;\n  background: url(0.5.png);\n  content: \"0.5 ;  }\";\n}\n"
        #expect(AssetMinifier.stylesheet(source) == ".a>.b,.c:hover{margin:.5rem .25rem;background:url(0.5.png);content:\"0.5 ;  }\"}\n")
    }

    @Test("the theme's own scripts shrink and keep their globals")
    func themeScripts() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../templates/assets").standardized
        for name in ["tally.js", "charts.js", "zoom.js", "photos.js", "search.js"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let result = script(text)
            #expect(result.utf8.count < text.utf8.count * 2 / 3, "\(name) shrinks by a third")
            #expect(result.contains("document.") && !result.contains("/*"), "\(name)")
        }
    }
}
