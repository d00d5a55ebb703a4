#!/usr/bin/env python3
"""function_lengths.py on a sample whose function lengths are counted by hand."""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import function_lengths  # noqa: E402

SAMPLE = os.path.join(HERE, 'function_lengths_sample')


class FunctionLengths(unittest.TestCase):
    def test_sample(self):
        found = function_lengths.functions(os.path.join(SAMPLE, 'arbiter', 'x', 'sample.cpp'))
        # (first line, last line, name), counted in the file: the inline member
        # on line 12; the constructor from line 17 (signature) to 20 (its brace
        # after the initializer list's braces); add() over lines 22-31 with
        # its lambda; the trailing return type on 33-35. The raw string, the
        # initializer of kList and the braces in comments and '}' are no functions.
        self.assertEqual(found, [(12, 12, 'value'), (17, 20, 'Widget::Widget'), (22, 31, 'add'),
                                 (33, 35, 'trailing')])

    def run_script(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, 'function_lengths.py'), SAMPLE, *args],
                              capture_output=True, text=True)

    def test_limit(self):
        # add() is 10 lines: a limit of 10 fails naming it, 11 passes.
        at = self.run_script('--limit', '10')
        self.assertEqual(at.returncode, 1)
        self.assertIn('   10 arbiter/x/sample.cpp:22 add', at.stdout)
        self.assertNotIn('Widget', at.stdout)
        above = self.run_script('--limit', '11')
        self.assertEqual(above.returncode, 0, above.stdout)
        self.assertIn('the longest 10 lines', above.stdout)


if __name__ == '__main__':
    unittest.main()
