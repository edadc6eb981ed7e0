// Placeholder until the load driver lands (next commit).
console.log('bench-auth: not implemented yet');
