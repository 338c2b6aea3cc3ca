#!/usr/bin/env python3
"""Derives the hand-made variant pages in this folder from the real recorded pages in ../.

Each variant exercises one quirk a correct reader must accept (or reject with the right error).
Run from this folder: python3 make_variants.py. Output is deterministic.
"""
import json, random

def load(name):
    with open('../' + name, encoding='utf-8') as f:
        return json.load(f)

def write(name, text):
    with open(name, 'w', encoding='utf-8', newline='') as f:
        f.write(text)

vilage = load('getVilageFcst_20221120_0500_nx60_ny120.json')
items = vilage['response']['body']['items']['item']
compact = lambda obj: json.dumps(obj, ensure_ascii=False, separators=(',', ':'))

def page(its, total=None, **body_extra):
    body = {'dataType': 'JSON', 'items': {'item': its}, 'pageNo': 1, 'numOfRows': 1000,
            'totalCount': len(its) if total is None else total}
    body.update(body_extra)
    return {'response': {'header': {'resultCode': '00', 'resultMsg': 'NORMAL_SERVICE'}, 'body': body}}

# 1. The first 24 items, keys in a shuffled order per item, pretty-printed.
rng = random.Random(20221120)
shuffled = []
for it in items[:24]:
    keys = list(it.keys()); rng.shuffle(keys)
    shuffled.append({k: it[k] for k in keys})
write('variant_shuffled_pretty.json', json.dumps(page(shuffled), ensure_ascii=False, indent=3))

# 2. Every non-ASCII character and some ASCII as \\u escapes; one key escaped too.
text = json.dumps(page(items[:24]), ensure_ascii=True, separators=(',', ':'))
text = text.replace('"category"', '"\\u0063ategory"', 1).replace('/', '\\/')
write('variant_escaped_strings.json', text)

# 3. nx, ny, pageNo, numOfRows, totalCount as strings.
as_strings = [dict(it, nx=str(it['nx']), ny=str(it['ny'])) for it in items[:24]]
p = page(as_strings); b = p['response']['body']
for k in ('pageNo', 'numOfRows', 'totalCount'): b[k] = str(b[k])
write('variant_numbers_as_strings.json', compact(p))

# 4. items.item as a single object (a page with one item).
write('variant_single_item_object.json', compact(page(items[0])).replace('"item":[', '"item":'))

# 5. body before header in the response object.
p = page(items[:24])
write('variant_body_before_header.json', compact({'response': {'body': p['response']['body'], 'header': p['response']['header']}}))

# 6. resultCode 00 with items as "" and totalCount 0 (an empty page).
write('variant_items_empty_string.json', compact({'response': {'header': {'resultCode': '00', 'resultMsg': 'NORMAL_SERVICE'},
      'body': {'dataType': 'JSON', 'items': '', 'pageNo': 1, 'numOfRows': 1000, 'totalCount': 0}}}))

# 7. The real page cut in the middle of item 400 (a dropped connection).
raw = open('../getVilageFcst_20221120_0500_nx60_ny120.json', encoding='utf-8').read()
cut = raw.index('{"baseDate"', 0)
for _ in range(400): cut = raw.index('{"baseDate"', cut + 1)
write('variant_truncated.json', raw[:cut + 57])

# 8. The retired service's header (resultCode 0000) with a T3H item, as JSON.
legacy = {'response': {'header': {'resultCode': '0000', 'resultMsg': 'OK'}, 'body': {'items': {'item': [
    {'baseDate': '20190531', 'baseTime': '0500', 'category': 'T3H', 'fcstDate': '20190531', 'fcstTime': '0900',
     'fcstValue': '18', 'nx': 60, 'ny': 127}]}, 'numOfRows': 10, 'pageNo': 1, 'totalCount': 225}}}
write('variant_legacy_0000.json', compact(legacy))

# 9. A successful XML page (dataType=XML): the reader says JSON is required.
xml = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response><header><resultCode>00</resultCode>'
       '<resultMsg>NORMAL_SERVICE</resultMsg></header><body><dataType>XML</dataType><items>']
for it in items[:3]:
    xml.append('<item>' + ''.join(f'<{k}>{v}</{k}>' for k, v in it.items()) + '</item>')
xml.append('</items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>809</totalCount></body></response>')
write('variant_xml_datatype.xml', ''.join(xml))

# 10. Two pages of the real run (500 + 309 items) with the real totalCount.
write('variant_page1_of_2.json', compact(page(items[:500], total=len(items), numOfRows=500)))
p2 = page(items[500:], total=len(items), numOfRows=500); p2['response']['body']['pageNo'] = 2
write('variant_page2_of_2.json', compact(p2))
