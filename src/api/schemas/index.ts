export * from './common';
export * from './users';
export * from './skus';
export * from './payments';
export * from './subscriptions';
export * from './documents';
export * from './pages';
export * from './events';
