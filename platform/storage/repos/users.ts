import type { Queryable } from '../db/db';
import { newUserId } from '../ids';

export interface User {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: Date;
}

const COLUMNS = 'id, email, name, password_hash AS "passwordHash", created_at AS "createdAt"';

export function usersRepo(db: Queryable) {
  return {
    async create(input: { email: string; name: string; passwordHash: string }): Promise<User> {
      const [user] = await db.query<User>(
        `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [newUserId(), input.email.toLowerCase(), input.name, input.passwordHash],
      );
      return user!;
    },
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.query<User>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email.toLowerCase()]);
      return user;
    },
    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.query<User>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return user;
    },
  };
}

export type UsersRepo = ReturnType<typeof usersRepo>;
