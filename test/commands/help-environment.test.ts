import { describe, expect, it } from 'vitest';
import { helpTopic, serviceRows } from '../../src/commands/help/index.js';
import { SERVICES } from '../../src/services.js';

/** `ops help environment`: each service's variables, from its entry in the service table. */
describe('ops help environment: a row a service, from the table', () => {
  it('names, addresses and main settings in three columns, wrapped at 80 under the third', () => {
    const rows = serviceRows([
      { name: 'zz', mainSettings: ['token', 'region', 'very_long_setting_name', 'another_long_setting'] },
      { name: 'longername', mainSettings: [] },
    ]);
    expect(rows).toBe(
      '  zz          OPS_ZZ_BASE_URL          OPS_ZZ_TOKEN, OPS_ZZ_REGION,\n' +
        '                                       OPS_ZZ_VERY_LONG_SETTING_NAME,\n' +
        '                                       OPS_ZZ_ANOTHER_LONG_SETTING\n' +
        '  longername  OPS_LONGERNAME_BASE_URL\n',
    );
  });

  it('the topic names every service’s address and main settings, each line within 80 columns', () => {
    const page = helpTopic('environment', '', [], SERVICES);
    for (const s of SERVICES)
      for (const key of ['base_url', ...s.mainSettings])
        expect(page, `${s.name}.${key}`).toContain(`OPS_${s.name}_${key}`.toUpperCase());
    expect(page.split('\n').filter((l) => l.length > 80)).toEqual([]);
  });
});
