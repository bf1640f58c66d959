import { createPathPool } from '/work/main/web/lib/index.ts';
const pool = await createPathPool({ map: 'type octile\nheight 1\nwidth 2\nmap\n..\n' });
console.log(pool.mode);
