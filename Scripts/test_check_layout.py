#!/usr/bin/env python3
"""Tests of Scripts/check-layout.py's reading of Swift: what counts as a function body.

Usage: python3 Scripts/test_check_layout.py   (exit status 1 when one fails)
"""
import importlib.util, os, tempfile, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_layout", os.path.join(HERE, "check-layout.py"))
layout = importlib.util.module_from_spec(spec)
spec.loader.exec_module(layout)


def bodies(source):
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False, encoding="utf-8") as f:
        f.write(source)
    try:
        return [(name, length) for name, _, length in layout.functions(f.name)]
    finally:
        os.unlink(f.name)


class FunctionBodies(unittest.TestCase):
    def test_computed_property_counts(self):
        body = "\n".join(f'        case {i}: "{i}"' for i in range(70))
        found = bodies(f"struct A {{\n    public var text: String {{\n        switch n {{\n{body}\n        }}\n    }}\n}}\n")
        self.assertEqual(found, [("var text", 74)])

    def test_stored_and_closure_initialised_properties_do_not(self):
        found = bodies("struct A {\n    var a: Int = 1\n    var b: [String: Int] = [:]\n    lazy var c: Int = {\n        1\n    }()\n    var d = 2\n}\n")
        self.assertEqual(found, [])

    def test_protocol_requirement_is_one_line(self):
        self.assertEqual(bodies("protocol P {\n    var a: Int { get }\n    static var b: String { get set }\n}\n"), [("var a", 1), ("var b", 1)])

    def test_functions_still_count(self):
        self.assertEqual(bodies("func f() {\n    g()\n}\n"), [("func f", 3)])


class TestSupportLayout(unittest.TestCase):
    """Issue 35: the test support every test target links does not depend on the CLI."""

    def test_test_support_does_not_depend_on_the_cli(self):
        package = open(os.path.join(HERE, "..", "Package.swift"), encoding="utf-8").read()
        start = package.index('name: "_KMATestSupport"')
        target = package[start:package.index(")", start)]
        self.assertNotIn("KMAForecastCLI", target)
        folder = os.path.join(HERE, "..", "Sources", "_KMATestSupport")
        for dirpath, _, names in os.walk(folder):
            for name in names:
                if name.endswith(".swift"):
                    self.assertNotIn("import KMAForecastCLI", open(os.path.join(dirpath, name), encoding="utf-8").read(), name)


if __name__ == "__main__":
    unittest.main()
