# Production image: builds the three workspaces, then runs the API (which serves both front ends).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY admin-ui/package.json admin-ui/
COPY public-site/package.json public-site/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3002
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/backend/package.json ./backend/
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/public-site/dist ./public-site/dist
COPY --from=build /app/admin-ui/dist ./admin-ui/dist
RUN mkdir -p backend/src public-site/src && chown -R node:node /app
USER node
EXPOSE 3002
CMD ["node", "backend/dist/main.js"]
