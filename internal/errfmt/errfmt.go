// Package errfmt writes the messages of the errors that say where in a
// value something went wrong (schema.Error, sszjson.Error), so that they
// all read alike.
package errfmt

import "strconv"

// Format returns the message of an error of package pkg about the part at
// path (of type typ) of a value of type top, at byte offset at (none if
// negative), that err says and detail details:
//
//	pkg: top.path (typ) at byte at: err: detail
//
// leaving out what is empty. A path that starts with an index follows top
// without a dot ("List[uint8, 2][1]").
func Format(pkg, top, path, typ string, at int, err error, detail string) string {
	msg := pkg + ": " + top
	if path != "" {
		if top != "" && path[0] != '[' {
			msg += "."
		}
		msg += path
		if typ != "" {
			msg += " (" + typ + ")"
		}
	}
	if at >= 0 {
		msg += " at byte " + strconv.Itoa(at)
	}
	if err != nil {
		msg += ": " + err.Error()
	}
	if detail != "" {
		msg += ": " + detail
	}
	return msg
}
