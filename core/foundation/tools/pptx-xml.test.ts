import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cachedValue, chartText } from './pptx-xml';

test('a chart value cached with binary noise is written at its shortest ("4.4000000000000004" → "4.4"), others as cached', () => {
  assert.equal(cachedValue('4.4000000000000004'), '4.4');
  assert.equal(cachedValue('2.0'), '2.0');
  assert.equal(cachedValue('94.3'), '94.3');
  assert.equal(cachedValue('Category 1'), 'Category 1');
});

test('a date axis\'s day serials are written as dates ("37261.0" with format m/d/yy → 2002-01-05)', () => {
  const xml = `<c:chartSpace><c:chart><c:plotArea><c:lineChart><c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>Series 1</c:v></c:pt></c:strCache></c:strRef></c:tx>
<c:cat><c:numRef><c:numCache><c:formatCode>m/d/yy</c:formatCode><c:pt idx="0"><c:v>37261.0</c:v></c:pt><c:pt idx="1"><c:v>37262.0</c:v></c:pt></c:numCache></c:numRef></c:cat>
<c:val><c:numRef><c:numCache><c:formatCode>General</c:formatCode><c:pt idx="0"><c:v>32.0</c:v></c:pt><c:pt idx="1"><c:v>4.4000000000000004</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:lineChart></c:plotArea></c:chart></c:chartSpace>`;
  assert.deepEqual(chartText(xml), ['Series 1: 2002-01-05 32.0, 2002-01-06 4.4']);
});
