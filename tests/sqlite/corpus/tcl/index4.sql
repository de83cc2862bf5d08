-- SQL of test/index4.test at a042e92ba000add36944422c988557f7555fa7f2 (public domain), extracted by extract_tcl.py
BEGIN;
CREATE TABLE t1(x);
INSERT INTO t1 VALUES(randomblob(102));
INSERT INTO t1 SELECT randomblob(102) FROM t1;
--     2
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--     4
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--     8
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--    16
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--    32
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--    64
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--   128
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--   256
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--   512
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--  1024
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
--  2048
    INSERT INTO t1 SELECT randomblob(102) FROM t1;
INSERT INTO t1 VALUES('a');
COMMIT;
CREATE INDEX i1 ON t1(x);
PRAGMA integrity_check
;
BEGIN;
DROP TABLE t1;
CREATE TABLE t1(x);
COMMIT;
CREATE INDEX i1 ON t1(x);
PRAGMA integrity_check
;
BEGIN;
CREATE TABLE t2(x);
INSERT INTO t2 VALUES(14);
INSERT INTO t2 VALUES(35);
INSERT INTO t2 VALUES(15);
INSERT INTO t2 VALUES(35);
INSERT INTO t2 VALUES(16);
COMMIT;
CREATE UNIQUE INDEX i3 ON t2(x);
