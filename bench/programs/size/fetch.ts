// Size: the floor, one authenticated GET with the platform fetch.
const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; token: string } }).DOCEX_CONFIG;

async function main() {
  const res = await fetch(`${config.baseUrl}items/1`, { headers: { authorization: `Bearer ${config.token}`, accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  console.log((await res.json()).name);
}
void main();
