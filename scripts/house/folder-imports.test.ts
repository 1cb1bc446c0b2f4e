import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folderCircles, folderImports } from './folder-imports.ts';

const HOUSES = [...readdirSync('packages').map((name) => `packages/${name}`), 'apps/web'];

describe('folder imports', () => {
  it('finds a circle of folders, and only the folders in it', () => {
    const arrow = (from: string, to: string) => ({ from, to, files: [] });
    const arrows = [
      arrow('chat', 'store'),
      arrow('store', 'auth'),
      arrow('auth', 'chat'),
      arrow('http', 'chat'),
    ];

    expect(folderCircles(arrows)).toEqual([['auth', 'chat', 'store']]);
    expect(folderCircles(arrows.slice(0, 2))).toEqual([]);
  });

  it('reads the arrows of a package from its imports', () => {
    const arrows = folderImports('packages/server');

    expect(arrows).toContainEqual(expect.objectContaining({ from: 'http', to: 'store' }));
    expect(arrows.every(({ from, to }) => from !== to)).toBe(true);
  });

  it.each(HOUSES)('%s: no two folders of src/ import each other, even by way of others', (house) => {
    expect(folderCircles(folderImports(house))).toEqual([]);
  });
});
