// How long the web tests wait (a jest setup file of the web project; under test/web so only the web
// app's TypeScript project, which has the DOM types, checks it). findBy*/waitFor return as soon as
// the state they wait for holds: their limit is only how long a failing test takes to say so. On a
// busy machine (several engineers' tests on 2 cores) a screen's lazily loaded parts and first
// answers take seconds, past the 1 s default, and tests failed for that alone. Tests get 30 s (a
// file may set more).
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);
