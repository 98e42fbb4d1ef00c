import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { SPINAL, toSpinal } from '../shapes/case.js';
import { isObject } from '../../util/json.js';

export const id = 'path-segment-case';
export const summary = 'a literal path segment that is not spinal-case or lowercase';
export const spec = '2.1 Path spelling: "spinal-case (preferred) or lowercase."';

export const check: Oas3Rule = () => ({
  Paths: {
    enter(paths: object, ctx: UserContext) {
      if (!isObject(paths)) return;
      for (const path of Object.keys(paths))
        for (const segment of path.split('/'))
          if (segment && !segment.includes('{') && !SPINAL.test(segment))
            ctx.report({
              message: `Write the path segment "${segment}" in spinal-case or lowercase, for example "${toSpinal(segment)}".`,
              location: ctx.location.child([path]).key(),
            });
    },
  },
});
