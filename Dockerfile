# The whole app in one image: API, built web client, migrations applied at start.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci
COPY . .
RUN npm run build -w client
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "server/src/main.ts"]
