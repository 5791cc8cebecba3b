/** The demo sign-in the README names. */
export const DEMO_EMAIL = 'demo@starloop.app';
export const DEMO_PASSWORD = 'StarLoop-demo-2025';
export const DEMO_MERCHANT_NAME = '晨光咖啡 Morning Light Café';
