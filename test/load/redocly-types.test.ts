// generator/load/redocly-types.ts repairs openapi-core's type of the 3.2 device flow's scopes. The first test fails
// when a release types them itself: then delete that module and its calls. It runs in a process of its own
// (vitest.config.ts): the repair changes openapi-core's shared type tree, which other files' lint runs repair first.
import { Oas3_2Types, createConfig, lint } from '@redocly/openapi-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repairRedoclyTypes } from '../../generator/load/redocly-types.js';

const deviceFlow = `openapi: 3.2.0
info: { title: t, version: '1' }
paths: {}
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        deviceAuthorization:
          deviceAuthorizationUrl: https://auth.example.com/device
          tokenUrl: https://auth.example.com/token
          scopes: { read: Read }
`;

describe('the repair of openapi-core\'s 3.2 types', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'docex-redocly-types-')), 'openapi.yaml');
  writeFileSync(file, deviceFlow);

  it('is still needed: unrepaired, openapi-core cannot lint a device flow', async () => {
    const config = await createConfig({ rules: { struct: 'error' } });
    await expect(lint({ ref: file, config })).rejects.toThrow('Unknown type name found: string');
  });

  it('types the device flow\'s scopes as the other flows\' are: the document lints (twice repaired is once)', async () => {
    repairRedoclyTypes(Oas3_2Types);
    repairRedoclyTypes(Oas3_2Types);
    const config = await createConfig({ rules: { struct: 'error' } });
    expect(await lint({ ref: file, config })).toEqual([]);
    expect(Oas3_2Types.DeviceAuthorization.properties.scopes).toBe(Oas3_2Types.ClientCredentials.properties.scopes);
  });
});
