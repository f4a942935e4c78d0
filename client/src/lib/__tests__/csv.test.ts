import { describe, expect, it } from 'vitest';
import { csvField, csvText, parseCsvRows } from '../csv';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+234')).toBe("'+234");
    expect(csvField('*555*1#')).toBe('*555*1#');
  });

  it('writes rows with CRLF line ends', () => {
    expect(
      csvText([
        ['a', 'b,c'],
        ['1', '2'],
      ]),
    ).toBe('a,"b,c"\r\n1,2\r\n');
  });
});

describe('parseCsvRows', () => {
  it('reads commas, semicolons and tabs, quoted fields and CRLF, and drops blank lines', () => {
    expect(
      parseCsvRows(
        'network,mobile_number,amount\r\nMTN, 08031234567 ,500\r\n\r\nGLO;08051234567;"1,000"\n9MOBILE\t08091234567\t200\n',
      ),
    ).toEqual([
      ['network', 'mobile_number', 'amount'],
      ['MTN', '08031234567', '500'],
      ['GLO', '08051234567', '1,000'],
      ['9MOBILE', '08091234567', '200'],
    ]);
  });

  it('keeps doubled quotes inside a quoted field and a last line without a line end', () => {
    expect(parseCsvRows('"say ""hi""",x\na,b')).toEqual([
      ['say "hi"', 'x'],
      ['a', 'b'],
    ]);
  });
});
