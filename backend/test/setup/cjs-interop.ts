import { jest } from '@jest/globals';
import * as nestCommon from '@nestjs/common';
import * as nestCore from '@nestjs/core';

/**
 * @nestjs/throttler is CommonJS and require()s @nestjs/common and @nestjs/core, which are ESM-only.
 * Node >= 20.19 loads them through require(esm) (the running server does), but Jest's own loader does so
 * only on Node 24.9+. Hand the CommonJS require the very module instances the app imports, so the
 * throttler's decorators and Reflector are the app's.
 */
jest.mock('@nestjs/common', () => nestCommon);
jest.mock('@nestjs/core', () => nestCore);
